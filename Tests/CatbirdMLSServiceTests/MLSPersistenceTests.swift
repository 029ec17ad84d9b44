import CatbirdMLS
import Foundation
import GRDB
import HTTPExchange
import WireCore
import XCTest

@testable import CatbirdMLSService

/// `serve mls --db FILE`: a service reopened on the same SQLite file answers as the one before it,
/// and carries on from there (message order, TIDs, consumed key packages).
final class MLSPersistenceTests: XCTestCase {
    let suite: JSONValue = "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"
    var directory: URL!
    var path: String { directory.appendingPathComponent("mls.sqlite").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mls-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func open(_ clock: ManualClock) throws -> MLSService {
        var config = MLSServiceConfig()
        config.clock = clock
        return try MLSService(config: config, databasePath: path)
    }

    /// `body` with a service on the file, which is closed when it returns (a server holds its file: a second one is
    /// refused, so each restart waits for the previous server to go).
    func withService<T>(_ clock: ManualClock, _ body: (MLSService) throws -> T) throws -> T {
        try body(try open(clock))
    }

    /// Everything a client can read back, per caller.
    func snapshot(_ service: MLSService) -> [String] {
        ["dev-alice", "dev-bob", "dev-carol"].flatMap { token -> [String] in
            let caller = MLSCaller(service: service, token: token)
            let convos = caller.call(.getConvos, query: "limit=100").body
            let messages = (convos["convos"]?.arrayValue ?? []).map { convo in
                JSONWriter.compact(caller.call(.getMessages, query: "convoId=\(convo["id"]?.stringValue ?? "")&limit=100").body)
            }
            let packages = caller.call(.getKeyPackages, query: "dids=did:plc:alice,did:plc:bob,did:plc:carol").body
            return [JSONWriter.compact(convos), JSONWriter.compact(packages)] + messages
        }
    }

    func testARestartKeepsEveryConversationMessageAndKeyPackage() throws {
        let clock = ManualClock(1_700_000_000)
        let (before, lastMessage, convoId) = try withService(clock) { first in
            let (alice, bob, carol) = (
                MLSCaller(service: first, token: "dev-alice"), MLSCaller(service: first, token: "dev-bob"),
                MLSCaller(service: first, token: "dev-carol")
            )
            XCTAssertEqual(bob.call(.publishKeyPackage, ["keyPackage": "AAEC", "cipherSuite": suite]).status, 200)
            for package in ["AAAA", "AQEB"] {
                XCTAssertEqual(carol.call(.publishKeyPackage, ["keyPackage": .string(package), "cipherSuite": suite]).status, 200)
            }
            let created = alice.call(
                .createConvo,
                ["cipherSuite": suite, "initialMembers": ["did:plc:bob"], "metadata": ["name": "Team", "description": "ünïcode"]])
            let convoId = try XCTUnwrap(created.body["convo"]?["id"])
            XCTAssertEqual(alice.call(.addMembers, ["convoId": convoId, "members": ["did:plc:carol"]]).status, 200)
            for (index, text) in ["aGVsbG8=", "d29ybGQ=", "IQ=="].enumerated() {
                clock.advance(1)
                let sender = index == 1 ? bob : alice
                XCTAssertEqual(sender.call(.sendMessage, ["convoId": convoId, "ciphertext": .string(text)]).status, 200)
            }
            XCTAssertEqual(carol.call(.leaveConvo, ["convoId": convoId]).status, 200)
            clock.advance(1)
            XCTAssertEqual(bob.call(.createConvo, ["cipherSuite": suite]).status, 200)
            var upload = APIRequest(
                method: "POST", path: MLSEndpoint.uploadBlob.path,
                headers: [("Authorization", "Bearer dev-alice"), ("Content-Type", "image/png")])
            upload.body = Array("hello".utf8)
            XCTAssertEqual(first.handle(upload).status, 200)
            let lastMessage = alice.call(.getMessages, query: "convoId=\(convoId.stringValue!)").body["messages"]?.arrayValue?.last
            return (snapshot(first), lastMessage, convoId)
        }

        try withService(clock) { second in
            XCTAssertEqual(snapshot(second), before)
            let carolAfter = MLSCaller(service: second, token: "dev-carol")
            XCTAssertEqual(
                carolAfter.call(.getKeyPackages, query: "dids=did:plc:bob,did:plc:carol").body["missing"], ["did:plc:bob"],
                "bob's key package stays consumed, carol keeps her second one")

            // It carries on: the next message follows the stored ones, with a later TID, at the same clock.
            let bobAfter = MLSCaller(service: second, token: "dev-bob")
            let sent = bobAfter.call(.sendMessage, ["convoId": convoId, "ciphertext": "Pz8="])
            XCTAssertEqual(sent.status, 200)
            let messages = bobAfter.call(.getMessages, query: "convoId=\(convoId.stringValue!)").body["messages"]?.arrayValue ?? []
            XCTAssertEqual(messages.map { $0["ciphertext"] }, ["aGVsbG8=", "d29ybGQ=", "IQ==", "Pz8="])
            let previousId = try XCTUnwrap(lastMessage?["id"]?.stringValue)
            XCTAssertGreaterThan(try XCTUnwrap(messages.last?["id"]?.stringValue), previousId)
            XCTAssertEqual(
                MLSCaller(service: second, token: "dev-alice").call(.addMembers, ["convoId": convoId, "members": ["did:plc:bob"]]).error,
                "AlreadyMember")
        }

        // Blob records have no read endpoint; the file itself holds them.
        let stored = try DatabaseQueue(path: path).read { db in try Row.fetchAll(db, sql: "SELECT cid, mimeType, size FROM blob") }
        XCTAssertEqual(
            stored.map { String(decoding: $0["cid"] as Data, as: UTF8.self) },
            ["bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq"])
        XCTAssertEqual(stored.map { $0["size"] as Int }, [5])
    }

    func testAFileThatIsNotADatabaseIsRefused() throws {
        try Data("not a database, just text that is long enough to be read as a header".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try open(ManualClock(0)))
    }

    /// Issue 42: two servers on one file both ran and then answered 500 on conflicting writes; the second is refused.
    func testASecondServerOnTheSameFileIsRefused() throws {
        let first = try open(ManualClock(1_700_000_000))
        XCTAssertThrowsError(try open(ManualClock(1_700_000_000))) { error in
            XCTAssertTrue("\(error)".contains("in use by another server"), "\(error)")
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
        XCTAssertEqual(MLSCaller(service: first, token: "dev-alice").call(.getConvos).status, 200, "the first goes on")
    }

    func testAnEmptyFileStartsEmpty() throws {
        let service = try open(ManualClock(1_700_000_000))
        XCTAssertEqual(MLSCaller(service: service, token: "dev-alice").call(.getConvos).body, ["convos": []])
    }

    /// A text holding U+0000 comes back whole after a restart (GRDB writes and reads a String as a C string, which
    /// cut it at the U+0000: FINDINGS.md), in a message's content type and a conversation's metadata alike; and a file
    /// written before the fix, with its text as TEXT, is read and written on as before.
    func testATextWithU0000SurvivesARestart() throws {
        let clock = ManualClock(1_700_000_000)
        let before = try withService(clock) { first in
            let alice = MLSCaller(service: first, token: "dev-alice")
            let created = alice.call(.createConvo, ["cipherSuite": suite, "metadata": ["name": "a\u{0}b"]])
            let convoId = try XCTUnwrap(created.body["convo"]?["id"])
            let sent = alice.call(.sendMessage, ["convoId": convoId, "ciphertext": "AAEC", "contentType": "text/\u{0}plain"])
            XCTAssertEqual(sent.status, 200)
            let before = snapshot(first)
            XCTAssertTrue(before.contains { $0.contains(#"text/\u0000plain"#) }, "\(before)")
            return before
        }

        let second = try open(clock)
        XCTAssertEqual(snapshot(second), before)
        let convos = MLSCaller(service: second, token: "dev-alice").call(.getConvos, query: "limit=10").body["convos"]?.arrayValue
        XCTAssertEqual(convos?.first?["metadata"]?["name"], "a\u{0}b")
    }

    /// A file of the first schema (text as TEXT) is converted on opening: its rows read back, and writes to the same
    /// conversation find them (the keys compare equal).
    func testAFileOfTheFirstSchemaIsConverted() throws {
        let clock = ManualClock(1_700_000_000)
        let (before, convoId) = try withService(clock) { first in
            let alice = MLSCaller(service: first, token: "dev-alice")
            XCTAssertEqual(
                MLSCaller(service: first, token: "dev-bob").call(.publishKeyPackage, ["keyPackage": "AAEC", "cipherSuite": suite]).status,
                200)
            let convoId = try XCTUnwrap(alice.call(.createConvo, ["cipherSuite": suite]).body["convo"]?["id"])
            XCTAssertEqual(alice.call(.sendMessage, ["convoId": convoId, "ciphertext": "AAEC"]).status, 200)
            return (snapshot(first), convoId)
        }
        // Back to v1: every text as TEXT, and the v2 migration not yet applied (foreign keys off while keys change).
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        try DatabaseQueue(path: path, configuration: configuration).write { db in
            for (table, columns) in MLSDatabase.textColumns {
                try db.execute(sql: "UPDATE \(table) SET " + columns.map { "\($0) = CAST(\($0) AS TEXT)" }.joined(separator: ", "))
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v2%'")
        }
        try withService(clock) { second in
            XCTAssertEqual(snapshot(second), before)
            // Adding bob rewrites the conversation's member rows, which only works if the old rows' keys compare equal.
            let aliceAfter = MLSCaller(service: second, token: "dev-alice")
            XCTAssertEqual(aliceAfter.call(.addMembers, ["convoId": convoId, "members": ["did:plc:bob"]]).status, 200)
        }
        let third = try open(clock)
        let members = MLSCaller(service: third, token: "dev-alice").call(.getConvos, query: "limit=10").body["convos"]?.arrayValue?
            .first?["members"]?.arrayValue?.compactMap { $0["did"]?.stringValue }
        XCTAssertEqual(members, ["did:plc:alice", "did:plc:bob"])
    }
}
