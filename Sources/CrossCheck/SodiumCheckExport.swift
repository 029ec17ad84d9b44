// The libsodium checks live in SodiumCheck, a module without swift-crypto, so the fuzz targets that
// need only libsodium (FuzzBase64, FuzzHex) do not link BoringSSL: its tens of thousands of
// coverage counters, never hit, were scanned after every run. Users of CrossCheck still see them.
@_exported import SodiumCheck
