import CSodium
import WireCore

/// libsodium as an independent implementation to check WireCheck's own codecs against (tests,
/// fuzz differentials, benchmarks). Thin wrappers: no logic of ours in between.
public enum Libsodium {
    /// `sodium_init`; safe to call more than once. False if the library cannot be used.
    @discardableResult
    public static func initialize() -> Bool { sodium_init() >= 0 }

    /// The libsodium variant for a strict Base64 variant's alphabet and padding.
    public static func base64VariantCode(_ variant: Base64Variant) -> Int32 {
        switch (variant.alphabet, variant.padding) {
        case (.std, .padded): sodium_base64_VARIANT_ORIGINAL
        case (.std, .raw): sodium_base64_VARIANT_ORIGINAL_NO_PADDING
        case (.url, .padded): sodium_base64_VARIANT_URLSAFE
        case (.url, .raw): sodium_base64_VARIANT_URLSAFE_NO_PADDING
        }
    }

    /// `sodium_base642bin` with no ignored characters; nil when libsodium rejects the text.
    /// Note: libsodium 1.0.18 decodes every byte 0x80-0xFF as the value 63 (found by FuzzBase64).
    public static func base64Decode(_ text: [UInt8], variant: Base64Variant) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: text.count + 1)
        var length = 0
        let rc = text.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) {
                sodium_base642bin(&out, out.count, $0.baseAddress, $0.count, nil, &length, nil, base64VariantCode(variant))
            }
        }
        return rc == 0 ? Array(out.prefix(length)) : nil
    }

    /// `sodium_hex2bin` with no ignored characters; nil when libsodium rejects the text.
    public static func hexDecode(_ text: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: text.count / 2 + 1)
        var length = 0
        let rc = text.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) {
                sodium_hex2bin(&out, out.count, $0.baseAddress, $0.count, nil, &length, nil)
            }
        }
        return rc == 0 && length * 2 == text.count ? Array(out.prefix(length)) : nil
    }
}
