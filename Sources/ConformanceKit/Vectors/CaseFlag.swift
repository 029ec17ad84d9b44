/// One suite's flags, a closed vocabulary: each case's raw value is the flag as the vectors spell it
/// (`SpecExample`). A generator names its cases' flags through it, so a misspelled flag does not
/// compile, and the file's `notes` are keyed by it, so every flag of the suite is explained.
public protocol CaseFlag: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}
