import WireCore

/// One operation of the reference shim: a name from the README's shim protocol and its implementation over
/// the project's own codecs.
public struct ShimOperation: Sendable {
    /// The op name, e.g. `cdev.validate`.
    public var name: String
    /// The reference implementation: arguments in, result object or error out.
    public var run: @Sendable (JSONObject) throws(ShimError) -> JSONObject

    /// An operation; prefer `GroupKind.operation`, which checks the arguments against the declared fields first.
    public init(_ name: String, run: @escaping @Sendable (JSONObject) throws(ShimError) -> JSONObject) {
        self.name = name
        self.run = run
    }
}
