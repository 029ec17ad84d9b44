import FuzzSupport
import NanoTDF

/// Whole-container parsing, then decryption. Oracles: an accepted container re-serializes to
/// exactly its input in either ECDSA binding form (serialization is canonical), its header is what
/// `parseHeader` reads from the same bytes; decryption refuses only with its own classes, and what
/// decrypts under `auto` decrypts to the same plaintext under the convention it reported, with the
/// same binding verdict as `verifyBinding` given the same key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    let container: Container
    do {
        container = try Container.parse(bytes)
        guard let (header, length) = try? Container.parseHeader(bytes) else { contractViolated("parse accepts what parseHeader refuses") }
        require(header == container.header, "parseHeader reads another header")
        require(length == header.bytes.count, "parseHeader's length is not the header's size")
    } catch {
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
        consume(error.code)
        // The Go form is tried only after the spec's form fails, as decrypt does.
        guard let goForm = try? Container.parse(bytes, ecdsaBindingForm: .goLengthPrefixed) else { return 0 }
        container = goForm
    }
    require(container.bytes == bytes, "an accepted container re-serializes differently")
    // The expensive oracle runs only on what parses.
    for key in keys[container.header.curve] ?? [] {
        do {
            let result = try container.decrypt(with: key)
            let again = try container.decrypt(with: key, ivConvention: result.ivConvention)
            require(again == result, "decrypting again under the reported convention differs")
            let payloadKey = KeyAgreement.payloadKey(key, peer: container.header.ephemeralPublicKey, version: container.header.version)
            require(container.verifyBinding(payloadKey: payloadKey) == result.bindingVariant, "binding verdicts differ")
        } catch {
            require([.authenticationFailed, .offCurve].contains(error.errorCode), "decrypt refused with \(error.code)")
        }
    }
    consume(container.verifySignature())
    return 0
}
