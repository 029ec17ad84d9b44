import ConformanceKit
import WireCore

/// An `OpTable` is an `Implementation`: assemble yours from typed functions, one per op you implement,
/// each given to its family's builder (`OpTable(name: "MyCdev", [CdevOps.validate { … }])`; the builders
/// are in the typed helpers' products `WireCheckTesting<Family>`: WireCore, Cdev, FlowDown, ATProto, MLS). The
/// builder reads the case's arguments into Swift values and writes your result as the vectors compare it,
/// so your code never touches JSON; ops you leave out are unimplemented, not failed. Two functions for one
/// op stop the program when the table is made (a programming error, like a repeated dictionary key).
extension OpTable: Implementation {
    /// Exactly the ops given.
    public var supportedOps: Set<String>? { Set(names) }

    /// Runs the op's builder over your function.
    public func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject {
        guard contains(op) else { throw .unimplemented }
        return try call(ShimRequest(op, args)).get()
    }
}

/// The name of `OpTable` before the op tables were one type.
@available(*, deprecated, renamed: "OpTable")
public typealias OpSet = OpTable
