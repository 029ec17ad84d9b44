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
    func call(_ request: ShimRequest) -> CallOutcome
    /// Several calls at once, answers in the same order; a shim writes them ahead of its answers.
    func call(batch: [ShimRequest]) -> [CallOutcome]
}

extension ImplementationUnderTest {
    /// One call after the other (implementations with nothing to gain from batching).
    public func call(batch: [ShimRequest]) -> [CallOutcome] { batch.map { call($0) } }
}

/// A call's result: the implementation's answer, or why there was none.
public struct CallOutcome: Sendable {
    /// The answer, or why there was none.
    public var response: Result<Result<JSONObject, ShimError>, ShimTransportFailure>
    /// What the shim wrote to stderr during the call.
    public var stderr: String

    /// An outcome (for implementations other than the two here, such as `WireCheckTesting`'s).
    public init(response: Result<Result<JSONObject, ShimError>, ShimTransportFailure>, stderr: String) {
        self.response = response
        self.stderr = stderr
    }
}

/// The reference shim, called directly (the default of `wirecheck vectors verify`).
public final class InProcessImplementation: ImplementationUnderTest {
    private let shim: ReferenceShim
    /// The reference implementation `shim`, called in-process.
    public init(shim: ReferenceShim) { self.shim = shim }
    /// The reference shim's name, marked in-process.
    public var name: String { "\(ReferenceShim.name) \(Harness.version) (in-process)" }
    /// Every op of the reference shim.
    public var supportedOps: Set<String> { Set(shim.table.names) }
    /// `wirecheck vectors verify`.
    public var reproducerPrefix: String { "wirecheck vectors verify" }

    /// Answers `request` in-process.
    public func call(_ request: ShimRequest) -> CallOutcome {
        CallOutcome(response: .success(shim.handle(request).outcome), stderr: "")
    }
}

/// Another implementation behind a shim command (`--shim "CMD"`).
public final class ShimImplementation: ImplementationUnderTest {
    /// The shim client driving the child process.
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

    /// The name and version the shim gave in `hello`.
    public var name: String { client.implementationName }
    /// The ops the shim listed in `hello`.
    public var supportedOps: Set<String> { client.supportedOps }
    /// `wirecheck vectors verify --shim CMD`.
    public var reproducerPrefix: String {
        "wirecheck vectors verify --shim \(ShellQuote.quote(client.command))"
    }

    /// Sends `call` to the shim; a transport failure restarts it.
    public func call(_ request: ShimRequest) -> CallOutcome { self.call(batch: [request])[0] }

    /// Sends the calls written ahead of their answers. What the shim wrote to stderr meanwhile cannot
    /// be split by call: it goes with the call the shim failed on, else with the last one.
    public func call(batch: [ShimRequest]) -> [CallOutcome] {
        let (results, stderr) = client.call(batch: batch)
        keep(stderr)
        let failed = results.firstIndex { if case .failure = $0 { true } else { false } } ?? results.count - 1
        return results.enumerated().map { index, result in
            CallOutcome(response: result.map(\.outcome), stderr: index == failed ? stderr : "")
        }
    }

    /// The report's shim-stderr.log keeps the first 8 MiB and says when it stopped.
    private func keep(_ stderr: String) {
        guard !stderr.isEmpty, stderrLog.utf8.count < Self.stderrLogLimit else { return }
        stderrLog += stderr
        if stderrLog.utf8.count >= Self.stderrLogLimit {
            stderrLog += "\n[wirecheck: shim stderr log full at 8 MiB; later output not kept]\n"
        }
    }
}

/// Single-quotes a string for a POSIX shell.
public enum ShellQuote {
    /// `text` as one shell word (unquoted when it is safe).
    public static func quote(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./=:@,+".unicodeScalars.contains($0)
        }
        if safe, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
