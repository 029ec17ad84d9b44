/// A way `wirecheck serve kas --fault` makes the mock KAS misbehave, so that a client's tests can see its error paths.
public enum ArkavoKASFault: String, CaseIterable, Sendable {
    /// Every rewrap is answered DENY (0x04 with the ephemeral key alone).
    case denyAll = "deny-all"
    /// A rewrap is answered 93 bytes, one short: what the Arkavo app's `handleRewrappedKeyMessage` expects.
    case shortRewrap = "short-rewrap"
    /// A header whose policy binding does not verify is rewrapped anyway, as a KAS that skips the check would.
    case ignoreBinding = "ignore-binding"
    /// Every answer is sent two seconds late, for a client's timeout handling.
    case slow = "slow"
    /// The connection is closed right after the key exchange's answer, as a KAS that restarts would drop it.
    case dropAfterKeyExchange = "drop-after-key-exchange"
}
