#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shim child started with `/bin/sh -c CMD` in its own process group, so a hung shim and anything
/// it started can be killed together. Pipes are non-blocking and driven by `poll`, so a child that
/// stops reading or writing can never block the harness.
final class ChildProcess {
    let pid: pid_t
    private var stdinFD: Int32
    private let stdoutFD: Int32
    private let stderrFD: Int32
    private var stdoutBuffer: [UInt8] = []
    /// How much of `stdoutBuffer` is known to hold no newline, so each byte is scanned once.
    private var scannedStdout = 0
    private var stdoutClosed = false
    private var stderrClosed = false
    private var exitStatus: Int32? = nil
    /// Everything the child wrote to stderr since the last `takeStderr()`.
    private var stderrBuffer: [UInt8] = []

    init(command: String) throws(ShimTransportFailure) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // No child processes there: `WireCheckTesting` runs implementations in process, never through a shim.
        throw .couldNotStart(reason: "this platform cannot start a shim process")
        #else
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0, pipe(&errors) == 0 else {
            throw .couldNotStart(reason: "pipe: \(String(cString: strerror(errno)))")
        }
        // The spawn attribute types are structs on Glibc and opaque pointers on Darwin.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for fd in toChild + fromChild + errors { posix_spawn_file_actions_addclose(&actions, fd) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The harness ignores SIGPIPE; the child must get the default back.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environment)
        close(toChild[0])
        close(fromChild[1])
        close(errors[1])
        guard rc == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errors[0])
            throw .couldNotStart(reason: "posix_spawn: \(String(cString: strerror(rc)))")
        }
        pid = child
        stdinFD = toChild[1]
        stdoutFD = fromChild[0]
        stderrFD = errors[0]
        for fd in [stdinFD, stdoutFD, stderrFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        #endif
    }

    deinit { kill() }

    /// Writes `line` and a newline, then waits until a whole line comes back or `seconds` pass.
    func exchange(_ line: String, timeout seconds: Double) -> Result<String, ShimTransportFailure> {
        let (replies, failure) = exchange(lines: [line], timeout: seconds)
        if let failure { return .failure(failure) }
        return .success(replies[0])
    }

    /// Writes every line (each with a newline) while reading one reply line per request, in order:
    /// the shim protocol answers in order, so requests written ahead keep the shim busy. Each reply
    /// may take `seconds` from the one before. Stops at the first failure, returning the replies so
    /// far; the request whose reply is missing is the one the shim failed on.
    func exchange(lines: [String], timeout seconds: Double) -> (replies: [String], failure: ShimTransportFailure?) {
        var pending = Array(lines.map { $0 + "\n" }.joined().utf8)[...]
        var replies: [String] = []
        replies.reserveCapacity(lines.count)
        var deadline = Self.monotonicNow() + seconds
        while true {
            // Every whole line buffered is taken, then the buffer is cut once (not once per line).
            var taken = 0
            while replies.count < lines.count, let newline = stdoutBuffer[max(taken, scannedStdout)...].firstIndex(of: 0x0a) {
                replies.append(String(decoding: stdoutBuffer[taken..<newline], as: UTF8.self))
                taken = newline + 1
                deadline = Self.monotonicNow() + seconds
            }
            if taken > 0 {
                stdoutBuffer.removeSubrange(..<taken)
                scannedStdout = 0
            }
            if replies.count == lines.count { return (replies, nil) }
            scannedStdout = stdoutBuffer.count
            if stdoutBuffer.count > ReferenceShim.maximumLineBytes {
                let start = String(decoding: stdoutBuffer.prefix(200), as: UTF8.self)
                return (replies, .notJSON(line: start, reason: "a response line longer than \(ReferenceShim.maximumLineBytes) bytes"))
            }
            if stdoutClosed { return (replies, .exited(status: waitForExit())) }
            let remaining = deadline - Self.monotonicNow()
            if remaining <= 0 { return (replies, .timedOut(seconds: seconds)) }
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
            if !stderrClosed { fds.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
            if !pending.isEmpty, stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0, errno != EINTR { return (replies, .exited(status: "poll failed")) }
            for fd in fds where fd.revents != 0 {
                if fd.fd == stdinFD {
                    let written = pending.withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
                    if written > 0 {
                        pending = pending.dropFirst(written)
                    } else if written < 0, errno != EAGAIN, errno != EINTR {
                        // The child closed its stdin (EPIPE): it will be seen exiting on stdout.
                        pending = []
                    }
                } else {
                    drain(fd.fd)
                }
            }
        }
    }

    private func drain(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if fd == stdoutFD { stdoutBuffer += chunk[..<count] } else { stderrBuffer += chunk[..<count] }
                continue
            }
            if count == 0 {
                if fd == stdoutFD { stdoutClosed = true } else { stderrClosed = true }
            }
            return
        }
    }

    /// The stderr text gathered so far (at most the last 16 KiB, saying how much was dropped), cleared.
    func takeStderr() -> String {
        if !stderrClosed { drain(stderrFD) }
        defer { stderrBuffer.removeAll() }
        let kept = 16384
        guard stderrBuffer.count > kept else { return String(decoding: stderrBuffer, as: UTF8.self) }
        return "[wirecheck: \(stderrBuffer.count - kept) earlier bytes of this call's stderr dropped]\n"
            + String(decoding: stderrBuffer.suffix(kept), as: UTF8.self)
    }

    /// Waits briefly for the child to exit and describes how it ended.
    private func waitForExit() -> String {
        for _ in 0..<200 {
            if let status = reap() { return Self.describe(status) }
            usleep(10_000)
        }
        return "closed its stdout"
    }

    private func reap() -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
        return exitStatus
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal != 0 { return "killed by signal \(signal)\(signalName(signal))" }
        let code = (status >> 8) & 0xff
        // The shim runs under /bin/sh, which reports a child killed by signal N as 128 + N.
        if code > 128, code < 128 + 32 { return "exit status \(code): killed by signal \(code - 128)\(signalName(code - 128))" }
        return "exit status \(code)"
    }

    private static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS",
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM",
        ]
        return names[signal].map { " (\($0))" } ?? ""
    }

    /// Kills the whole process group and reaps the child.
    func kill() {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
        if reap() == nil {
            #if canImport(Glibc)
            _ = Glibc.kill(-pid, SIGKILL)
            #else
            _ = Darwin.kill(-pid, SIGKILL)
            #endif
            var status: Int32 = 0
            if waitpid(pid, &status, 0) == pid { exitStatus = status }
        }
        if stdoutFD >= 0 { close(stdoutFD) }
        if stderrFD >= 0 { close(stderrFD) }
    }

    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
