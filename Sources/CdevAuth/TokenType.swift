/// A token's `type` and the prefix it is minted with (cdev spec section 1.2).
public enum TokenType: String, Sendable, CaseIterable {
    case pairing
    case access
    case refresh
    /// Minted only by Go's unused `GenerateSessionToken`; carried by `cdev_s_`.
    case session

    /// The prefix of pairing tokens.
    public static let pairingPrefix = "cdev_p_"
    /// The prefix of access and session tokens.
    public static let sessionPrefix = "cdev_s_"
    /// The prefix of refresh tokens.
    public static let refreshPrefix = "cdev_r_"
    /// The prefixes a token may start with; `cdev_c_`, `cdev_d_`, `cdev_a_` are reserved only.
    public static let prefixes = [pairingPrefix, sessionPrefix, refreshPrefix]

    /// The prefix `token` starts with, if any: `cdev_`, then `p`, `s` or `r`, then `_`, read as bytes
    /// (a generic `starts(with:)` per prefix was a visible part of validating a token).
    public static func prefix(of token: String) -> String? {
        var token = token
        return token.withUTF8 { bytes -> String? in
            guard bytes.count >= 7, bytes[6] == UInt8(ascii: "_"), bytes.prefix(5).elementsEqual("cdev_".utf8) else { return nil }
            switch bytes[5] {
            case UInt8(ascii: "p"): return pairingPrefix
            case UInt8(ascii: "s"): return sessionPrefix
            case UInt8(ascii: "r"): return refreshPrefix
            default: return nil
            }
        }
    }

    /// The prefix Go mints for this type: any type other than pairing and refresh gets `cdev_s_`.
    public var prefix: String {
        switch self {
        case .pairing: Self.pairingPrefix
        case .refresh: Self.refreshPrefix
        case .access, .session: Self.sessionPrefix
        }
    }

    /// Default lifetimes in seconds (pairing: `security.token_expiry_secs` default).
    public var defaultLifetime: Int64 {
        switch self {
        case .pairing: 3600
        case .access: 900
        case .session: 300
        case .refresh: 604_800
        }
    }

    /// Step 8: the `type` values each prefix accepts (`cdev_s_` takes session or access).
    public static func accepts(prefix: String, type: String) -> Bool {
        switch prefix {
        case pairingPrefix: type == TokenType.pairing.rawValue
        case refreshPrefix: type == TokenType.refresh.rawValue
        case sessionPrefix: type == TokenType.session.rawValue || type == TokenType.access.rawValue
        default: false
        }
    }
}
