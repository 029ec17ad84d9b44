import CatbirdMLS
import CatbirdMLSClient
import CatbirdMLSService
import Foundation
import HTTPExchange
import Logging
import MockServers
import Synchronization
import WireCore
import XCTest

/// The XRPC client against the mock on Hummingbird over AsyncHTTPClient: the seed workflow, typed
/// errors, pages, and retries counted and timed with an injected sleep.
final class MLSClientTests: XCTestCase {
    let suite = "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"

    func start(_ change: (inout MLSServiceConfig) -> Void = { _ in }) throws -> BackgroundServer {
        var config = MLSServiceConfig()
        config.port = 0
        change(&config)
        var logger = Logger(label: "test.mls-mock")
        logger.logLevel = .warning
        return try BackgroundServer(MockHTTPServer(service: MLSService(config: config), logger: logger))
    }

    /// Records each wait instead of sleeping.
    final class Waits: Sendable {
        let delays = Mutex<[Double]>([])
        var all: [Double] { delays.withLock { $0 } }
    }

    func client(_ server: BackgroundServer, token: String = "dev-alice", retry: RetryPolicy = RetryPolicy(), waits: Waits = Waits())
        -> MLSClient
    {
        MLSClient(
            baseURL: "http://127.0.0.1:\(server.port)", token: token, retry: retry,
            sleep: { delay in waits.delays.withLock { $0.append(delay) } },
            jitter: { 1.0 })
    }

    /// The client collects every answer the contract allows: the largest getMessages page (its `limit` maximum times
    /// sendMessage's ciphertext `maxLength`, read from the shipped lexicons) fits under the transport's limit, which
    /// at 64 MiB it did not (found by an automatic mutant of that limit that nothing could kill).
    func testTheTransportTakesTheLargestPageTheLexiconsAllow() throws {
        let lexicons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CatbirdMLS/Lexicons")
        func main(_ name: String) throws -> JSONValue? {
            let bytes = try Data(contentsOf: lexicons.appendingPathComponent("blue.catbird.mls.\(name).json"))
            return try JSONParser.parse(Array(bytes))["defs"]?["main"]
        }
        let limit = try XCTUnwrap(main("getMessages")?["parameters"]?["properties"]?["limit"]?["maximum"]?.intValue)
        let ciphertext = try XCTUnwrap(main("sendMessage")?["input"]?["schema"]?["properties"]?["ciphertext"]?["maxLength"]?.intValue)
        XCTAssertGreaterThan(AsyncHTTPClientTransport.maximumBody, Int(limit * ciphertext))
    }

    func testTheSeedWorkflow() async throws {
        let server = try start()
        defer { server.stop() }
        let alice = client(server)
        let bob = client(server, token: "dev-bob")
        let published = try await bob.publishKeyPackage(PublishKeyPackageInput(keyPackage: "AAECAw==", cipherSuite: suite))
        XCTAssertEqual(published.keyPackage.did, "did:plc:bob")
        let packages = try await alice.getKeyPackages(dids: ["did:plc:bob", "did:plc:carol"])
        XCTAssertEqual(packages.keyPackages.map(\.did), ["did:plc:bob"])
        XCTAssertEqual(packages.missing, ["did:plc:carol"])
        let created = try await alice.createConvo(
            CreateConvoInput(cipherSuite: suite, initialMembers: ["did:plc:bob"], metadata: .init(name: "Team")))
        XCTAssertEqual(created.welcomeMessages.map(\.did), ["did:plc:bob"])
        XCTAssertEqual(created.convo.metadata?.name, "Team")
        for i in 0..<7 {
            _ = try await bob.sendMessage(
                SendMessageInput(
                    convoId: created.convo.id, ciphertext: Base64.encode(Array("m\(i)".utf8), variant: .init(.std, .padded, .strict))))
        }
        var read: [MessageView] = []
        for try await message in alice.allMessages(convoId: created.convo.id, pageSize: 3) { read.append(message) }
        XCTAssertEqual(read.count, 7)
        XCTAssertEqual(Set(read.map(\.id)).count, 7)
        XCTAssertEqual(read.first?.createdAt.text.count, 24, "YYYY-MM-DDTHH:MM:SS.sssZ")
        var convos = 0
        for try await _ in alice.allConvos() { convos += 1 }
        XCTAssertEqual(convos, 1)
    }

    /// 200 concurrent sendMessage over HTTP to one conversation: all stored, each read back once by cursor.
    func testConcurrentSendsOverHTTP() async throws {
        let server = try start { $0.rateLimit = 100_000 }
        defer { server.stop() }
        let alice = client(server)
        let convo = try await alice.createConvo(CreateConvoInput(cipherSuite: suite)).convo.id
        let sent = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<200 {
                group.addTask {
                    let text = Base64.encode(Array("message \(i)".utf8), variant: .init(.std, .padded, .strict))
                    return try await alice.sendMessage(SendMessageInput(convoId: convo, ciphertext: text)).message.id
                }
            }
            var ids: [String] = []
            for try await id in group { ids.append(id) }
            return ids
        }
        var read: [String] = []
        for try await message in alice.allMessages(convoId: convo, pageSize: 37) { read.append(message.id) }
        XCTAssertEqual(Set(sent).count, 200)
        XCTAssertEqual(read.count, 200)
        XCTAssertEqual(Set(read), Set(sent))
    }

    func testErrorsAreTyped() async throws {
        let server = try start()
        defer { server.stop() }
        let alice = client(server)
        do {
            _ = try await alice.getMessages(convoId: "nope")
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.errorName, "ConvoNotFound")
            guard case .xrpc(404, _, let message) = error else { return XCTFail("\(error)") }
            XCTAssertNotNil(message)
        }
        do {
            _ = try await client(server, token: "wrong").getConvos()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.errorName, "AuthenticationRequired")
            XCTAssertTrue(error.description.contains("Authentication required") || error.description.contains("authentication required"))
        }
        // Refused before sending: the request breaks the input lexicon, or the blob is over 50 MB.
        do {
            _ = try await alice.addMembers(AddMembersInput(convoId: "x", members: []))
            XCTFail("no error")
        } catch {
            guard case .invalidRequest(let errors) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(errors.map(\.path.description), ["/members"])
        }
        do {
            _ = try await alice.getConvos(limit: 0)
            XCTFail("no error")
        } catch {
            guard case .invalidRequest = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await alice.uploadBlob(Array(repeating: 0, count: 52_428_801), mimeType: "application/octet-stream")
            XCTFail("no error")
        } catch {
            guard case .blobTooLarge(52_428_801, 52_428_800) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("50MB"))
        }
    }

    func testRetriesFollowThePolicyExactly() async throws {
        // Two 503s then success: 3 attempts, waits 1 s and 2 s (exponential, jitter fixed at 1).
        let server = try start {
            $0.faults = try! FaultPlan(
                parsing: "getConvos:503x2,getMessages:429x1,sendMessage:400x1,leaveConvo:501x1,publishKeyPackage:503x9")
        }
        defer { server.stop() }
        let waits = Waits()
        let alice = client(server, retry: RetryPolicy(maxRetries: 3, retryDelay: 1.0), waits: waits)
        _ = try await alice.getConvos()
        XCTAssertEqual(waits.all, [1.0, 2.0])
        // A 429 with Retry-After: 1 waits exactly that.
        let convo = try await alice.createConvo(CreateConvoInput(cipherSuite: suite))
        _ = try await alice.getMessages(convoId: convo.convo.id)
        XCTAssertEqual(waits.all, [1.0, 2.0, 1.0])
        // Another 4xx and 501 are never retried.
        do {
            _ = try await alice.sendMessage(SendMessageInput(convoId: convo.convo.id, ciphertext: "AA=="))
            XCTFail()
        } catch {
            XCTAssertEqual(error.errorName, "InvalidRequest")
        }
        do {
            _ = try await alice.leaveConvo(LeaveConvoInput(convoId: convo.convo.id))
            XCTFail()
        } catch {
            XCTAssertEqual(error.errorName, "MethodNotImplemented")
        }
        XCTAssertEqual(waits.all.count, 3)
        // Persistent 503: maxRetries retries (4 attempts), delays 1, 2, 4, then the last error.
        do {
            _ = try await alice.publishKeyPackage(PublishKeyPackageInput(keyPackage: "AAAA", cipherSuite: suite))
            XCTFail()
        } catch {
            guard case .xrpc(503, "NotEnoughResources", _) = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(Array(waits.all.suffix(3)), [1.0, 2.0, 4.0])
        XCTAssertEqual(waits.all.count, 6)
    }

    func testBackoffIsCappedAndJittered() {
        let policy = RetryPolicy(maxRetries: 10, retryDelay: 0.5, maxDelay: 3)
        XCTAssertEqual((1...5).map { policy.delay(beforeRetry: $0, retryAfter: nil, jitter: 1) }, [0.5, 1, 2, 3, 3])
        XCTAssertEqual(policy.delay(beforeRetry: 3, retryAfter: nil, jitter: 0.5), 1)
        XCTAssertEqual(policy.delay(beforeRetry: 3, retryAfter: 7, jitter: 0.5), 7)
        XCTAssertEqual([429, 500, 502, 503, 504].map(XRPCErrorResponse.isRetryable), [true, true, true, true, true])
        XCTAssertEqual(
            [400, 401, 403, 404, 409, 413, 501].map(XRPCErrorResponse.isRetryable), [false, false, false, false, false, false, false])
    }

    /// A transport whose every request fails as a refused connection does.
    final class Unreachable: XRPCTransport {
        struct Refused: Error {}
        let attempts = Mutex(0)
        func send(_ request: XRPCRequest, baseURL: String) async throws -> XRPCResponse {
            attempts.withLock { $0 += 1 }
            throw Refused()
        }
    }

    func testNetworkErrorsAreRetriedThenReported() async throws {
        let waits = Waits()
        let transport = Unreachable()
        let alice = MLSClient(
            baseURL: "http://127.0.0.1:9", token: "dev-alice", transport: transport, retry: RetryPolicy(maxRetries: 2, retryDelay: 0.25),
            sleep: { delay in waits.delays.withLock { $0.append(delay) } }, jitter: { 1.0 })
        do {
            _ = try await alice.getConvos()
            XCTFail("no error")
        } catch {
            guard case .transport = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(waits.all, [0.25, 0.5])
        XCTAssertEqual(transport.attempts.withLock { $0 }, 3)
    }
}

/// The client's lenient mode reads the shapes of servers that drifted from v0; strict mode refuses them.
final class MLSClientAliasTests: XCTestCase {
    /// Answers every request with one fixed body.
    struct Canned: XRPCTransport {
        let body: String
        func send(_ request: XRPCRequest, baseURL: String) async throws -> XRPCResponse {
            XRPCResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        }
    }

    func client(_ body: String, _ mode: MLSClient.Mode) -> MLSClient {
        MLSClient(baseURL: "http://unused", token: "t", transport: Canned(body: body), mode: mode)
    }

    let convo = #"{"id":"c1","groupId":"ab","creator":"did:plc:a","members":[],"epoch":0,"createdAt":"2024-01-01T00:00:00Z"}"#

    func testAliasesAreReadOnlyWhenLenient() async throws {
        let renamed = #"{"conversations":[\#(convo)]}"#
        let lenient = try await client(renamed, .lenient).getConvos()
        XCTAssertEqual(lenient.convos.map(\.id), ["c1"])
        do {
            _ = try await client(renamed, .strict).getConvos()
            XCTFail("strict mode took `conversations`")
        } catch {
            guard case .invalidResponse = error else { return XCTFail("\(error)") }
        }
        let bare = try await client(convo, .lenient).createConvo(
            CreateConvoInput(cipherSuite: "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"))
        XCTAssertEqual(bare.convo.id, "c1")
        XCTAssertEqual(bare.welcomeMessages, [])
        let blob = try await client(#"{"cid":"sha256-00","size":5}"#, .lenient).uploadBlob([1, 2, 3, 4, 5], mimeType: "text/plain")
        XCTAssertEqual(blob.blob.size, 5)
        let keyPackage =
            #"{"keyPackage":{"id":"k","did":"did:plc:a","keyPackage":"AA==","cipherSuite":"x","#
            + #""createdAt":"2024-01-01T00:00:00Z","expires":"2024-02-01T00:00:00Z"}}"#
        let published = try await client(keyPackage, .lenient).publishKeyPackage(
            PublishKeyPackageInput(keyPackage: "AA==", cipherSuite: "x"))
        XCTAssertEqual(published.keyPackage.expiresAt?.text, "2024-02-01T00:00:00Z")
    }
}
