import CArkavoFlatBuffers

/// The FlatBuffers Verifier's limits. No table of these schemas is recursive (Event nests 2 tables
/// deep, Metadata 3), so only a limit below that refuses a well-formed buffer; the vectors use one to
/// check that an implementation applies its limit at all.
public struct VerifierLimits: Equatable, Sendable {
    /// The deepest nesting of tables.
    public var maxDepth: UInt32
    /// The most tables in one buffer.
    public var maxTables: UInt32

    /// Limits; the defaults are the library's (64 and 1,000,000).
    public init(maxDepth: UInt32 = 64, maxTables: UInt32 = 1_000_000) {
        self.maxDepth = maxDepth
        self.maxTables = maxTables
    }

    /// The library's defaults, which arkavo-rs and the app use.
    public static let `default` = VerifierLimits()

    var c: ArkavoVerifierLimits { ArkavoVerifierLimits(max_depth: maxDepth, max_tables: maxTables) }
}
