/// How the 3-byte payload IV becomes the AES-GCM nonce (NanoTDF spec section 0.1): the
/// implementations disagree, and a container decrypts under exactly one of these.
public enum IVConvention: String, Sendable, CaseIterable {
    /// The 3 bytes are the whole GCM IV, J0 from GHASH (SP 800-38D): what the spec examples need.
    case specIV24 = "spec-iv24"
    /// `00×9 ‖ IV`: Go, the web SDK and opentdf-rs (what deployed platform code reads).
    case zeroPrefix = "zero-prefix"
    /// `IV ‖ 00×9`: OpenTDFKit.
    case zeroSuffix = "zero-suffix"

    /// The order `auto` tries them in: the deployed convention first.
    public static let autoOrder: [IVConvention] = [.zeroPrefix, .specIV24, .zeroSuffix]

    /// The GCM nonce for `iv`.
    public func nonce(_ iv: [UInt8]) -> [UInt8] {
        switch self {
        case .specIV24: iv
        case .zeroPrefix: [UInt8](repeating: 0, count: 9) + iv
        case .zeroSuffix: iv + [UInt8](repeating: 0, count: 9)
        }
    }
}
