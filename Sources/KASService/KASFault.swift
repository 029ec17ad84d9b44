/// A way `wirecheck serve kas --fault` makes the mock KAS misbehave, so that a client's tests can see its error paths.
/// Each applies to both protocols where it has a meaning there.
public enum KASFault: String, CaseIterable, Sendable {
    /// Every rewrap is refused: DENY on the WebSocket (0x04 with the ephemeral key alone), a `fail` result with
    /// `permission_denied: forbidden` over OpenTDF.
    case denyAll = "deny-all"
    /// A rewrap is answered 93 bytes, one short: what the Arkavo app's `handleRewrappedKeyMessage` expects (WebSocket).
    case shortRewrap = "short-rewrap"
    /// A header whose policy binding does not verify is rewrapped anyway, as a KAS that skips the check would.
    case ignoreBinding = "ignore-binding"
    /// Every answer is sent late (two seconds unless configured), for a client's timeout handling.
    case slow = "slow"
    /// The connection is closed right after the key exchange's answer, as a KAS that restarts would drop it (WebSocket).
    case dropAfterKeyExchange = "drop-after-key-exchange"
    /// Every rewrap (0x03) is answered with a 0xFF error frame of one of the four types arkavo-rs sends (WebSocket).
    case errorInvalidFormat = "error-invalid-format"
    /// As `error-invalid-format`, type `policy_denied`.
    case errorPolicyDenied = "error-policy-denied"
    /// As `error-invalid-format`, type `crypto_error`.
    case errorCryptoError = "error-crypto-error"
    /// As `error-invalid-format`, type `server_error`.
    case errorServerError = "error-server-error"
    /// The token endpoint issues access tokens that have already expired, so every rewrap is answered `unauthenticated`
    /// (OpenTDF): a client's handling of a refused token.
    case expiredAccessToken = "expired-access-token"
    /// The rewrap takes any bearer token and any signed request token, expired or wrongly signed, as a KAS that skips
    /// authentication would (OpenTDF): what `check kas` must report.
    case skipTokenChecks = "skip-token-checks"

    /// The 0xFF `error_type` this fault answers every rewrap with, if it is one of the error faults.
    var errorType: String? {
        switch self {
        case .errorInvalidFormat: "invalid_format"
        case .errorPolicyDenied: "policy_denied"
        case .errorCryptoError: "crypto_error"
        case .errorServerError: "server_error"
        default: nil
        }
    }
}
