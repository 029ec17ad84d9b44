import Foundation
import WireCore

/// What the runner asks cases of: the reference implementation in-process, or another one through
/// its shim.
public protocol ImplementationUnderTest: AnyObject {
    /// `name version` from `hello`.
    var name: String { get }
    var supportedOps: Set<String> { get }
    /// How to rerun one case from a shell, without the `--only` part.
    var reproducerPrefix: String { get }
    func call(_ call: ShimCall) -> CallOutcome
}

/// A call's result: the implementation's answer, or why there was none.
public struct CallOutcome: Sendable {
    public var response: Result<Result<JSONObject, ShimError>, ShimTransportFailure>
    public var stderr: String
}

/// The reference shim, called directly (the default of `wirecheck vectors verify`).
public final class InProcessImplementation: ImplementationUnderTest {
    private let shim: ReferenceShim
    public init(shim: ReferenceShim) { self.shim = shim }
    public var name: String { "\(ReferenceShim.name) \(Harness.version) (in-process)" }
    public var supportedOps: Set<String> { Set(shim.operations.keys) }
    public var reproducerPrefix: String { "wirecheck vectors verify" }

    public func call(_ call: ShimCall) -> CallOutcome {
        let response = shim.handle(ShimRequest(id: 1, op: call.op, args: call.args))
        return CallOutcome(response: .success(response.outcome), stderr: "")
    }
}

/// Another implementation behind a shim command (`--shim "CMD"`).
public final class ShimImplementation: ImplementationUnderTest {
    public let client: ShimClient
    /// Every byte the shim wrote to stderr, for the report.
    public private(set) var stderrLog = ""
    /// How much of the shim's stderr the report keeps.
    static let stderrLogLimit = 8 << 20

    /// Starts the shim; a shim that never answers `hello` is a harness error (exit 2).
    public init(command: String, timeout: Double) throws(ShimTransportFailure) {
        client = ShimClient(command: command, timeout: timeout)
        try client.start()
    }

    public var name: String { client.implementationName }
    public var supportedOps: Set<String> { client.supportedOps }
    public var reproducerPrefix: String {
        "wirecheck vectors verify --shim \(ShellQuote.quote(client.command))"
    }

    public func call(_ call: ShimCall) -> CallOutcome {
        let (result, stderr) = client.call(call.op, call.args)
        if !stderr.isEmpty {
            // The report's shim-stderr.log keeps the first 8 MiB and says when it stopped.
            if stderrLog.utf8.count < Self.stderrLogLimit {
                stderrLog += stderr
                if stderrLog.utf8.count >= Self.stderrLogLimit { stderrLog += "\n[wirecheck: shim stderr log full at 8 MiB; later output not kept]\n" }
            }
        }
        return CallOutcome(response: result.map(\.outcome), stderr: stderr)
    }
}

/// Single-quotes a string for a POSIX shell.
public enum ShellQuote {
    public static func quote(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./=:@,+".unicodeScalars.contains($0)
        }
        if safe, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
