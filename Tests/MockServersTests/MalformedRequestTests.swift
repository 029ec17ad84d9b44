import CdevAuth
import CdevService
import ConformanceKit
import Dispatch
import Foundation
import Logging
import MockServers
import WireCore
import XCTest

/// Requests the HTTP decoder refuses, sent as a hostile client would: each is answered 400 with `Connection: close`
/// within a second, whatever the profile (issue 42: the cdev mock, which has a WebSocket endpoint, used to leave them
/// unanswered and the connection open).
final class MalformedRequestTests: XCTestCase {
    /// One malformed first request per way a head can be wrong, by what is wrong with it.
    static let requests: [(name: String, bytes: [UInt8])] = {
        func head(_ text: String) -> [UInt8] { Array(text.utf8) }
        let status = "GET /api/status HTTP/1.1\r\nHost: x\r\n"
        return [
            ("Content-Length not a number", head(status + "Content-Length: abc\r\n\r\n")),
            ("garbage request line", head("\u{1}\u{2}garbage\r\n\r\n")),
            ("HTTP/9.9", head("GET /api/status HTTP/9.9\r\nHost: x\r\n\r\n")),
            ("NUL in a header value", head(status + "X-A: a\u{0}b\r\n\r\n")),
            ("header without a colon", head(status + "NoColonHere\r\n\r\n")),
            ("obs-fold", head(status + "X-A: a\r\n folded\r\n\r\n")),
            // 200 KB, over the decoder's 80 KB and still within the socket's send buffer, so the whole request is sent
            // before the server refuses it (a request the client is still sending when the server closes can end in a
            // reset that loses the 400).
            ("200 KB target", head("GET /" + String(repeating: "a", count: 200 << 10) + " HTTP/1.1\r\nHost: x\r\n\r\n")),
            ("200 KB header", head(status + "X-A: " + String(repeating: "a", count: 200 << 10) + "\r\n\r\n")),
            ("10,000 headers", head(status + (0..<10_000).map { "X-\($0): v\r\n" }.joined() + "\r\n")),
            ("Content-Length with Transfer-Encoding", head(status + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")),
            ("upgrade of /ws with a bad Content-Length", head("GET /ws HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n")),
            // A body that cannot be read (it was 413, as if too large).
            (
                "chunk size not hex",
                head("POST /api/auth/exchange HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
            ),
        ]
    }()

    func testEveryMalformedRequestIsAnswered400AndClosedOnBothProfiles() throws {
        for profile in [CdevProfile.baseline, .head] {
            var log = Logger(label: "test")
            log.logLevel = .critical
            let clock = SystemClock()
            let identity = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
            let config = CdevServiceConfig(profile: profile, port: 0, repositoryRoot: FileManager.default.currentDirectoryPath)
            let service = CdevService(
                config: config, tokens: TokenManager(identity: identity, profile: profile, clock: clock), clock: clock, log: serviceLog(log)
            )
            let server = try BackgroundServer(MockHTTPServer(service: service, logger: log))
            defer { server.stop() }
            let probe = try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 1)
            for request in Self.requests {
                let started = DispatchTime.now()
                let reply: HTTPProbe.Reply
                do {
                    reply = try probe.exchange(raw: request.bytes)
                } catch {
                    XCTFail("\(profile) \(request.name): \(error)")
                    continue
                }
                XCTAssertEqual(reply.status, 400, "\(profile) \(request.name)")
                XCTAssertEqual(reply.header("Connection")?.lowercased(), "close", "\(profile) \(request.name)")
                XCTAssertLessThan(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds, 1_000_000_000, request.name)
            }
            // The server still answers well-formed requests afterwards (head asks for a token).
            XCTAssertEqual(try probe.send("GET", "/api/status").status, profile == .head ? 401 : 200, "\(profile)")
        }
    }
}
