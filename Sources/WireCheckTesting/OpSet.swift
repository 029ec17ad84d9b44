import ConformanceKit
import WireCore

/// An `Implementation` assembled from typed functions, one per op you implement, each given to its
/// family's builder (`WireCoreOps.base64Decode { variant, text in … }`, `CdevOps.validate { … }`,
/// `NanoTDFOps.decrypt`, `ArkavoOps.parseFrame`, `ATProtoOps.syntax`, `MLSOps.validate`, …). The
/// builder reads the case's arguments into Swift values and writes your result as the vectors
/// compare it, so your code never touches JSON; ops you leave out are unimplemented, not failed.
/// The families' builders come with `import WireCheckTesting`.
public struct OpSet: Implementation, Sendable {
    /// The name reports and failure messages use.
    public let name: String
    let operations: [String: ShimOperation]

    /// An implementation named `name` made of `operations` (a later one replaces an earlier one of the same op).
    public init(name: String, _ operations: [ShimOperation]) {
        self.name = name
        self.operations = Dictionary(operations.map { ($0.name, $0) }, uniquingKeysWith: { _, later in later })
    }

    /// Exactly the ops given.
    public var supportedOps: Set<String>? { Set(operations.keys) }

    /// Runs the op's builder over your function.
    public func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject {
        guard let operation = operations[op] else { throw .unimplemented }
        return try operation.run(args)
    }
}
