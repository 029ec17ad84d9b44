import ConformanceKit
import WireCore

/// Your implementation, as `WireCheckTesting` calls it: one method in the shape of the shim protocol.
/// `op` is a shim op (`cdev.validate`, `nanotdf.decrypt`, … — `Vectors/README.md` lists them with
/// their arguments and results); return the result object, or throw `ShimError(code:)` with the
/// vectors' error class. Ops you do not implement throw `ShimError.unimplemented` (the default), and
/// their cases are reported as unimplemented, not failed.
public protocol Implementation {
    /// The name reports and failure messages use.
    var name: String { get }
    /// The ops you implement; nil (the default) means: ask `call` and treat `unimplemented` as no.
    var supportedOps: Set<String>? { get }
    /// One request.
    func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject
}

extension Implementation {
    /// The type's name.
    public var name: String { "\(Self.self)" }
    /// Every op: unimplemented ones are found by calling.
    public var supportedOps: Set<String>? { nil }
}

extension ShimError {
    /// What `call` throws for an op the implementation does not have.
    public static let unimplemented = ShimError(code: ShimError.unimplementedCode, message: "not implemented")
}

/// An `Implementation` as the runner's `ImplementationUnderTest`.
final class ImplementationAdapter<Wrapped: Implementation>: ImplementationUnderTest {
    let wrapped: Wrapped
    let allOps: Set<String>

    init(_ wrapped: Wrapped, allOps: Set<String>) {
        self.wrapped = wrapped
        self.allOps = allOps
    }

    var name: String { wrapped.name }
    var supportedOps: Set<String> { wrapped.supportedOps ?? allOps }
    var reproducerPrefix: String { "swift test --filter" }

    func call(_ request: ShimRequest) -> CallOutcome {
        do throws(ShimError) {
            return CallOutcome(response: .success(.success(try wrapped.call(op: request.op, args: request.args))), stderr: "")
        } catch {
            return CallOutcome(response: .success(.failure(error)), stderr: "")
        }
    }
}
