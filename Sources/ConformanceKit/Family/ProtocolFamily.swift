import HTTPExchange

/// One protocol family (FlowDown Model Exchange, cdev, …) as the harness sees it: its vector suites,
/// the reference table of the ops their group types call, its benchmarks and the live checks it runs
/// against its own mock server. Each family's
/// conformance target exports one of these; the CLI holds the list (`Families.swift`).
public struct ProtocolFamily: Sendable {
    /// The family's short name, the first part of its suite ids (`cdev`, `flowdown`).
    public let name: String
    /// One line for `--help` and `vectors list`.
    public let title: String
    /// The vector suites, in the order runs and reports list them.
    public let suites: [any VectorSuite]
    /// The reference implementation of every op the suites' group types call.
    public let reference: OpTable
    /// The benchmarks of `wirecheck bench --suite <name>`.
    public let bench: BenchSet?
    /// The checks `wirecheck run` makes against the family's embedded mock server.
    public let embeddedLiveChecks: [EmbeddedLiveCheck]

    /// A family; everything but the suites and their ops is optional. Every group type's op must be in `reference`.
    public init(
        name: String, title: String, suites: [any VectorSuite], reference: OpTable, bench: BenchSet? = nil,
        embeddedLiveChecks: [EmbeddedLiveCheck] = []
    ) {
        for kind in suites.flatMap(\.groupKinds) {
            precondition(reference.contains(kind.op), "\(name): \(kind.type) calls \(kind.op), which its op table lacks")
        }
        self.name = name
        self.title = title
        self.suites = suites
        self.reference = reference
        self.bench = bench
        self.embeddedLiveChecks = embeddedLiveChecks
    }

    /// The same family with a benchmark and embedded live checks, for a family whose mock brings
    /// dependencies its suites do not need: they live in a target of their own, added where the mock is
    /// linked anyway (the CLI), so the suites stay light for `WireCheckTesting`.
    public func adding(bench: BenchSet? = nil, embeddedLiveChecks: [EmbeddedLiveCheck]) -> ProtocolFamily {
        precondition(bench == nil || self.bench == nil, "\(name) has a benchmark already")
        return ProtocolFamily(
            name: name, title: title, suites: suites, reference: reference, bench: bench ?? self.bench,
            embeddedLiveChecks: self.embeddedLiveChecks + embeddedLiveChecks)
    }
}

/// The families of one build, in order: what the generator writes, the reference shim answers and
/// the runner runs. Passed as a value; there is no global registry.
public struct ProtocolFamilies: Sendable {
    /// The families, in the order of runs and reports.
    public let all: [ProtocolFamily]
    /// The reference implementation of every op of every family.
    public let reference: OpTable

    /// The list; family names and suite ids must be unique.
    public init(_ families: [ProtocolFamily]) {
        precondition(Set(families.map(\.name)).count == families.count, "two families share a name")
        self.all = families
        self.reference = OpTable(joining: families.map(\.reference))  // two families with one op name stop here
        precondition(Set(suites.map(\.id)).count == suites.count, "two suites share an id")
    }

    /// Every suite of every family, in order.
    public var suites: [any VectorSuite] { all.flatMap(\.suites) }

    /// The suite with that id.
    public func suite(id: String) -> (any VectorSuite)? { suites.first { $0.id == id } }

    /// Every group type, first declaration wins.
    public var groupKinds: [GroupKind] {
        var seen = Set<String>()
        return suites.flatMap(\.groupKinds).filter { seen.insert($0.type).inserted }
    }



    /// The family with that name.
    public func family(named name: String) -> ProtocolFamily? { all.first { $0.name == name } }

    /// The list with `family` in place of the one of the same name, which must be there with the same suites.
    public func replacing(_ family: ProtocolFamily) -> ProtocolFamilies {
        guard let index = all.firstIndex(where: { $0.name == family.name }) else { preconditionFailure("no family named \(family.name)") }
        precondition(all[index].suites.map(\.id) == family.suites.map(\.id), "\(family.name): replaced with other suites")
        var families = all
        families[index] = family
        return ProtocolFamilies(families)
    }
}

/// A live check of a family's own mock server, run by `wirecheck run`: the family builds the
/// service and checks it; the caller supplies the server (Hummingbird in the CLI), so this target
/// stays free of any server framework.
public struct EmbeddedLiveCheck: Sendable {
    /// The suite id of the results, e.g. `cdev/live-head`.
    public let suite: String
    /// Builds a fresh service, starts it with `start`, checks it, stops it.
    public let run: @Sendable (_ start: MockStarter, _ console: Console) throws -> [CaseResult]

    /// A check named by its suite id.
    public init(suite: String, run: @escaping @Sendable (_ start: MockStarter, _ console: Console) throws -> [CaseResult]) {
        self.suite = suite
        self.run = run
    }
}

/// Starts a mock service on a real socket and returns it running.
public typealias MockStarter = @Sendable (any MockService) throws -> any RunningMock

/// A mock server that is listening.
public protocol RunningMock: AnyObject, Sendable {
    /// The port it bound.
    var port: Int { get }
    /// Stops it gracefully.
    func stop()
}
