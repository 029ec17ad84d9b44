import ATProtoConformance
import ConformanceKit

/// The `atproto.*` ops as typed functions over plain Swift values, for an `OpTable` of `WireCheckTesting`:
/// `OpTable(name: "MySyntax", [ATProtoOps.syntax { format, value throws(ShimError) in … }])`.
public enum ATProtoOps {
    private typealias Reference = ATProtoConformance.ATProtoOps

    /// `atproto.syntax`: return when `value` is valid in `format` (`did`, `handle`, `nsid`, `tid`, `record-key`,
    /// `at-uri`, `uri`, `cid`, `datetime`, `language`, `at-identifier`), throw `ShimError(code: "invalid-syntax")`
    /// when it is not.
    public static func syntax(_ check: @escaping @Sendable (_ format: String, _ value: String) throws(ShimError) -> Void)
        -> ShimOperation
    {
        Reference.syntax { format, value throws(ShimError) in try check(format.rawValue, value) }
    }
}
