/// Every suite the harness knows, in the order runs and reports list them. A format module's suites
/// are added here when the module lands.
public enum SuiteRegistry {
    public static let suites: [any VectorSuite] = [
        Base64Suite(),
        QueryEncodingSuite(),
        FlowDownKeysSuite(),
        FlowDownExchangeURLSuite(),
        FlowDownParseURLSuite(),
        FlowDownVerifySuite(),
        FlowDownPayloadSuite(),
        FlowDownModelsSuite(),
        CdevTokenSuite(),
        CdevPairingSuite(),
    ]

    /// The union of the suites' operations, first definition wins.
    public static var operations: [ShimOperation] {
        var seen = Set<String>()
        return suites.flatMap(\.operations).filter { seen.insert($0.name).inserted }
    }

    public static func suite(id: String) -> (any VectorSuite)? { suites.first { $0.id == id } }
}
