import Crypto
import WireCore

/// The public identity a requester sends as `pk`: Ed25519 public key then X25519 public key,
/// 64 bytes, standard Base64 with padding, always 88 characters (FlowDown spec section 2).
public struct ModelExchangePublicKey: Equatable, Hashable, Sendable {
    /// Raw Ed25519 public key (bytes 0..31 of `pk`).
    public let signing: [UInt8]
    /// Raw X25519 public key (bytes 32..63 of `pk`).
    public let agreement: [UInt8]

    /// A public key from its two 32-byte halves.
    public init(signing: [UInt8], agreement: [UInt8]) {
        precondition(signing.count == 32 && agreement.count == 32, "both halves are 32 bytes")
        self.signing = signing
        self.agreement = agreement
    }

    /// Parses `pk` exactly as FlowDown does: strict Base64 (`Data(base64Encoded:)`), exactly 64 bytes,
    /// and both halves usable as keys.
    public init(encoded: String) throws(ModelExchangeError) {
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(encoded, variant: .foundation)
        } catch {
            throw .badPublicKey("pk is not strict standard Base64 (\(error))")
        }
        guard bytes.count == 64 else { throw .badPublicKey("pk decodes to \(bytes.count) bytes, not 64") }
        self.init(signing: Array(bytes[0..<32]), agreement: Array(bytes[32..<64]))
        guard (try? signingKey()) != nil else { throw .badPublicKey("the Ed25519 half is not a valid public key") }
    }

    /// The 88-character `pk` value.
    public var encoded: String { Base64.encode(signing + agreement, variant: .foundation) }

    /// The Ed25519 half as a swift-crypto key.
    public func signingKey() throws(ModelExchangeError) -> Curve25519.Signing.PublicKey {
        do { return try Curve25519.Signing.PublicKey(rawRepresentation: signing) } catch {
            throw .badPublicKey("Ed25519 public key rejected: \(error)")
        }
    }

    /// The X25519 half as a swift-crypto key.
    public func agreementKey() throws(ModelExchangeError) -> Curve25519.KeyAgreement.PublicKey {
        do { return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: agreement) } catch {
            throw .badPublicKey("X25519 public key rejected: \(error)")
        }
    }
}
