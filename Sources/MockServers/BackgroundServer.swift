import Dispatch
import Foundation
import ServiceLifecycle
import Synchronization

/// A mock server running on its own task, for callers that are not async themselves
/// (`wirecheck run`, tests): `start` returns once the port is bound.
public final class BackgroundServer: Sendable {
    /// The port the server bound.
    public let port: Int
    private let task: Task<Void, any Error>
    private let group: ServiceGroup
    private let finished = DispatchSemaphore(value: 0)

    /// Why the server did not start listening.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `server` and waits up to `timeout` seconds for it to listen.
    public init(_ server: MockHTTPServer, timeout: Double = 30) throws {
        let bound = Mutex<Int?>(nil)
        let failure = Mutex<String?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let group = server.serviceGroup { port in
            bound.withLock { $0 = port }
            ready.signal()
        }
        self.group = group
        let finished = self.finished
        task = Task {
            defer { finished.signal() }
            do {
                try await group.run()
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
                throw error
            }
        }
        guard ready.wait(timeout: .now() + timeout) == .success, let port = bound.withLock({ $0 }) else {
            task.cancel()
            throw StartFailure(description: "the mock server did not start: \(failure.withLock { $0 } ?? "timed out after \(timeout) s")")
        }
        self.port = port
    }

    /// Stops the server: graceful shutdown (open WebSockets closed), waiting up to 10 s for it.
    public func stop() {
        let group = self.group
        Task { await group.triggerGracefulShutdown() }
        if finished.wait(timeout: .now() + 10) == .timedOut { task.cancel() }
        finished.signal()  // later calls return at once
    }

    deinit { task.cancel() }
}
