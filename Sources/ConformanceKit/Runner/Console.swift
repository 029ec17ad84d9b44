import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress and messages on stderr, so stdout stays clean for `--json`. On a terminal the progress
/// is one line rewritten in place; in CI logs it prints one line per finished suite.
public final class Console: @unchecked Sendable {
    /// Whether stderr is a terminal (progress is then redrawn in place).
    public let isTerminal = isatty(2) != 0
    private var lastSuite: String?
    private var lastDraw = 0.0
    /// Runners on several threads (`--jobs`) report progress at once.
    private let lock = NSLock()

    public init() {}

    /// One line on stderr.
    public func message(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Progress of one suite: `done` of `total` cases.
    public func progress(suite: String, done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        if isTerminal {
            let now = ProcessInfo.processInfo.systemUptime
            guard done == total || now - lastDraw > 0.05 else { return }
            lastDraw = now
            FileHandle.standardError.write(Data("\r\u{1B}[2K[\(suite)] \(done)/\(total) …".utf8))
            if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
        } else if done == total {
            message("[\(suite)] \(done)/\(total) done")
        }
    }
}
