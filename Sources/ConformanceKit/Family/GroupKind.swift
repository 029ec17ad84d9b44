import WireCore

/// One group type of the vectors, declared once: its name, the shim op its cases call, and the
/// typed fields (`Field`) of its `params`, `input` and `expected`. The JSON Schema in
/// `Vectors/schema/`, the op's argument check, the request a case turns into and the judge's shape
/// check all follow from this one value (docs/ARCHITECTURE.md, "The typed seam").
public struct GroupKind: Sendable {
    /// The group `type`, e.g. `FlowDownSealTest`.
    public let type: String
    /// The shim op every case of the group calls.
    public let op: String
    /// The fields of the group's `params`; they are passed to the op with every case's input.
    public let params: [any DeclaredField]
    /// The fields of a case's `input`.
    public let input: [any DeclaredField]
    /// The fields of a valid case's `expected`.
    public let expected: [any DeclaredField]

    /// A group type whose cases call `op` with their params and input.
    public init(
        _ type: String, op: String, params: [any DeclaredField] = [], input: [any DeclaredField], expected: [any DeclaredField]
    ) {
        for fields in [params + input, expected] {
            precondition(Set(fields.map(\.name)).count == fields.count, "\(type) declares a field twice")
        }
        self.type = type
        self.op = op
        self.params = params
        self.input = input
        self.expected = expected
    }

    /// The JSON Schema of one group of this type (written to `Vectors/schema/<type>.schema.json`).
    public var schema: JSONValue {
        SchemaBuilder.group(
            type: type, op: op, params: params.objectSchema, input: input.objectSchema, expected: expected.objectSchema)
    }

    /// The shim call of one case: the group's params, then the case's input, as the op's arguments.
    public func call(for test: TestCase, in group: TestGroup) -> ShimRequest {
        call(params: group.params.objectValue ?? [:], input: test.input.objectValue ?? [:])
    }

    /// The call of these params and input: the input's members over the params'.
    public func call(params: JSONObject, input: JSONObject) -> ShimRequest {
        var args = params
        for (key, value) in input { args[key] = value }
        return ShimRequest(op, args)
    }

    /// Why a successful result does not have the shape this group type declares, or nil when it
    /// does. A key the type does not declare is wrong whatever its value, and a declared key the case
    /// leaves out (an absent optional field, such as a pairing document's missing `token`) must be
    /// absent or `null`. The keys the case lists are the suite's to compare: each must be there and
    /// right, except the few a suite documents as informational, which may be left out but not wrong.
    public func shapeMismatch(result: JSONObject, expected: JSONValue) -> String? {
        let listed = expected.objectValue ?? [:]
        for key in result.keys where !self.expected.contains(where: { $0.name.isExactly(key) }) {
            let declared = self.expected.map(\.name).joined(separator: ", ")
            return "result has a key '\(key)' that \(type) does not declare (declared: \(declared))"
        }
        for field in self.expected where listed[field.name] == nil {
            if let value = result[field.name], value != .null {
                return "result has '\(field.name)' = \(value), but this case has no '\(field.name)': it must be absent or null"
            }
        }
        return nil
    }

    /// Checks a request's arguments against the declared params and input: every required field
    /// present, every present field of its declared kind (JSON type, enum value, hex, the declared members
    /// of a nested object; an array's items and undeclared members are the op's to read). A failure is
    /// `bad-request` naming the argument and why, before the op's own code runs.
    public func checkArguments(_ args: JSONObject) throws(ShimError) {
        guard let (name, reason) = (params + input).firstProblem(in: args) else { return }
        throw (reason.map { HarnessRefusal.argumentInvalid(name, $0) } ?? HarnessRefusal.argumentMissing(name)).shimError
    }

    /// The reference implementation of this group's op: `run` after the argument check.
    public func operation(_ run: @escaping @Sendable (JSONObject) throws(ShimError) -> JSONObject) -> ShimOperation {
        let kind = self
        return ShimOperation(op) { args throws(ShimError) in
            try kind.checkArguments(args)
            return try run(args)
        }
    }
}
