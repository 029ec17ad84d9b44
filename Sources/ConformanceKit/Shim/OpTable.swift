import WireCore

/// A set of shim ops by name: each family's reference table (`<Family>Ops.reference`), their union
/// behind `wirecheck shim` and in-process runs, and a `WireCheckTesting` user's own implementation
/// assembled from the families' typed builders. Two ops of one name are a programming error, refused
/// when the table is made, so no table silently keeps the first or the last.
public struct OpTable: Sendable {
    /// The name reports and failure messages use (the reference tables' is `ReferenceShim.name`).
    public let name: String
    /// The ops, in the order given.
    public let operations: [ShimOperation]
    private let byName: [String: ShimOperation]

    /// A table named `name` of `operations`, whose names must be distinct: a second op of one name is a
    /// programming error and stops the program here, as a repeated key of a dictionary literal does.
    public init(name: String, _ operations: [ShimOperation]) {
        var byName: [String: ShimOperation] = [:]
        for operation in operations {
            precondition(byName.updateValue(operation, forKey: operation.name) == nil, "\(name): two ops named \(operation.name)")
        }
        self.name = name
        self.operations = operations
        self.byName = byName
    }

    /// The union of `tables`, whose op names must be distinct.
    public init(name: String = ReferenceShim.name, joining tables: [OpTable]) {
        self.init(name: name, tables.flatMap(\.operations))
    }

    /// The op names, sorted (`hello` lists them so).
    public var names: [String] { byName.keys.sorted() }

    /// Whether the table has `op`.
    public func contains(_ op: String) -> Bool { byName[op] != nil }

    /// The answer to `request`: its op's result or refusal, `unimplemented` for an op not in the table.
    public func call(_ request: ShimRequest) -> Result<JSONObject, ShimError> {
        guard let operation = byName[request.op] else {
            return .failure(ShimError(code: ShimError.unimplementedCode, message: "no op \(request.op)"))
        }
        do throws(ShimError) {
            return .success(try operation.run(request.args))
        } catch {
            return .failure(error)
        }
    }
}
