import Crypto
import Foundation
import WireCore

/// The request a requester signs and FlowDown verifies (FlowDown spec section 6).
public struct ExchangeRequest: Equatable, Sendable {
    /// The session of the verification callback.
    public var session: String
    /// `app_name`.
    public var appName: String
    /// `reason`.
    public var reason: String
    /// `capabilities`, comma-separated on the wire.
    public var capabilities: [Capability]
    /// `multiple_selection`.
    public var multipleSelection: Bool
    /// Unix seconds; a received URL may carry a fraction or an exponent (`Double`), a built one never does.
    public var timestamp: Double

    /// A request.
    public init(
        session: String, appName: String, reason: String, capabilities: [Capability],
        multipleSelection: Bool, timestamp: Double
    ) {
        self.session = session
        self.appName = appName
        self.reason = reason
        self.capabilities = capabilities
        self.multipleSelection = multipleSelection
        self.timestamp = timestamp
    }

    /// The unsigned items, in the order FlowDown's builder writes them. The timestamp is
    /// `Int(timeIntervalSince1970)`, truncated toward zero.
    public var unsignedItems: [QueryItem] {
        [
            QueryItem("session", session), QueryItem("app_name", appName), QueryItem("reason", reason),
            QueryItem("capabilities", capabilities.map(\.rawValue).joined(separator: ",")),
            QueryItem("multiple_selection", multipleSelection ? "true" : "false"),
            QueryItem("timestamp", Self.format(timestamp: timestamp)),
        ]
    }

    /// `Int(timeIntervalSince1970)` for any time a clock gives; a received value too large for an
    /// integer (FlowDown parses `1e300` as a Double) is written as Swift prints the Double.
    public static func format(timestamp: Double) -> String {
        guard let seconds = Int64(exactly: timestamp.rounded(.towardZero)) else { return "\(timestamp)" }
        return String(seconds)
    }

    /// `"/exchange?" + encoded query`: the string whose SHA-256 is signed (step 2).
    public var canonical: String { Self.canonical(path: ModelExchangeURL.path, items: unsignedItems) }

    /// `canonicalPath`: the path, and `?` plus the encoded items when there are any.
    static func canonical(path: String, items: [QueryItem]) -> String {
        let query = URLQueryEncoding.encode(items)
        return query.isEmpty ? path : path + "?" + query
    }

    /// Signs the request and returns the URL with `sig` appended last (steps 3 and 4).
    public func signedURL(keyPair: ModelExchangeKeyPair, flowdownScheme: String = "flowdown") throws -> SignedExchangeURL {
        let sig = try Self.signature(over: canonical, keyPair: keyPair)
        let url = ModelExchangeURL(scheme: flowdownScheme, items: unsignedItems + [QueryItem("sig", sig)])
        return SignedExchangeURL(url: url.description, canonical: canonical, digest: Self.digest(canonical), signature: sig)
    }

    /// SHA-256 of the canonical string's UTF-8 bytes: the 32-byte Ed25519 message (not Ed25519ph).
    public static func digest(_ canonical: String) -> [UInt8] { Array(SHA256.hash(data: Array(canonical.utf8))) }

    /// `sig` for any canonical string (vector generation signs strings FlowDown would never rebuild).
    public static func signature(over canonical: String, keyPair: ModelExchangeKeyPair) throws -> String {
        Base64.encode(Array(try keyPair.signing.signature(for: digest(canonical))), variant: .foundation)
    }
}

/// A signed exchange URL and what went into it (`ModelExchangeSignedRequest`; the header is informational).
public struct SignedExchangeURL: Equatable, Sendable {
    /// The signed exchange URL.
    public var url: String
    /// The canonical string that was signed.
    public var canonical: String
    /// SHA-256 of the canonical string, what Ed25519 signs.
    public var digest: [UInt8]
    /// Standard Base64 of the 64-byte Ed25519 signature; also sent as `X-FlowDown-Signature`.
    public var signature: String
}
