import WireCore

/// One operation of the reference shim: a name from the README's shim protocol and its implementation over
/// the project's own codecs.
public struct ShimOperation: Sendable {
    /// The op name, e.g. `cdev.validate`.
    public var name: String
    /// The reference implementation: arguments in, result object or error out.
    public var run: @Sendable (JSONObject) throws(ShimError) -> JSONObject

    /// An operation; prefer `GroupKind.operation`, which checks the arguments first.
    public init(_ name: String, run: @escaping @Sendable (JSONObject) throws(ShimError) -> JSONObject) {
        self.name = name
        self.run = run
    }
}

/// Typed access to request arguments; a missing or mistyped argument is a `bad-request` error
/// naming the argument.
extension JSONObject {
    /// The string argument `name`.
    public func string(_ name: String) throws(ShimError) -> String {
        guard let value = self[name]?.stringValue else {
            throw ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' must be a string")
        }
        return value
    }

    /// The hex argument `name`, decoded.
    public func hex(_ name: String) throws(ShimError) -> [UInt8] {
        let text = try string(name)
        do {
            return try Hex.decode(text)
        } catch {
            throw ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' is not hex: \(error)")
        }
    }

    /// The integer argument `name`.
    public func int(_ name: String) throws(ShimError) -> Int64 {
        guard let value = self[name]?.intValue else {
            throw ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' must be an integer")
        }
        return value
    }

    /// The boolean argument `name`.
    public func bool(_ name: String) throws(ShimError) -> Bool {
        guard let value = self[name]?.boolValue else {
            throw ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' must be a boolean")
        }
        return value
    }

    /// The array argument `name`.
    public func array(_ name: String) throws(ShimError) -> [JSONValue] {
        guard let value = self[name]?.arrayValue else {
            throw ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' must be an array")
        }
        return value
    }
}
