import WireCore

/// What a suite says of one input `wirecheck fuzz` made (`VectorSuite.ambiguity(of:in:)`): whether the spec lets an
/// implementation accept or refuse it. A mutation can make an input ambiguous (a DID gains a `%` not followed by two hex
/// digits) or take the ambiguity away (the same DID with a trailing newline is plainly invalid), so the case it was made
/// from does not settle it where the suite has a rule.
public enum InputAmbiguity: Sendable, Equatable {
    /// Either verdict conforms, for this reason: the input is judged as an `acceptable` case.
    case either(String)
    /// The reference's answer or one of these results conforms, for this reason (a reading the contract names beside
    /// the reference's): any other answer fails even without `--strict`, and `--strict` holds to the reference's.
    case oneOf(String, results: [JSONObject])
    /// The reference's answer or one of these results conforms, for this reason, with or without `--strict`: what a
    /// stricter reader than the real one answers where the real one reads leniently and the contract allows not to
    /// (FlowDown's date text that only Foundation's formatter reads, kept as text). Any other answer fails.
    case stricterReading(String, results: [JSONObject])
    /// The reference's answer, or a refusal (any error class), conforms, for this reason: what a stricter reader than
    /// the real one may refuse, which the contract allows, while accepting still means the reference's output, even
    /// without `--strict` (cdev's Go leniency, Foundation's in a FlowDown payload).
    case refusable(String)
    /// Only the reference's verdict conforms, whatever case the input was made from.
    case referenceOnly
    /// The suite has no rule for such inputs: an input is as ambiguous as the case it was made from.
    case unknown
}
