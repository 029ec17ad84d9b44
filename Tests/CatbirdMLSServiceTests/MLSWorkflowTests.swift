import ATProtoLexicon
import CatbirdMLS
import CatbirdMLSService
import HTTPExchange
import WireCore
import XCTest

/// The seed document's workflow and the v0 contract's semantics, against the service in-process.
final class MLSWorkflowTests: XCTestCase {
    let suite: JSONValue = "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"

    func makeService(_ change: (inout MLSServiceConfig) -> Void = { _ in }) -> (MLSService, MLSCaller, MLSCaller, MLSCaller) {
        var config = MLSServiceConfig()
        config.clock = ManualClock(1_700_000_000)
        change(&config)
        let service = MLSService(config: config)
        return (
            service, MLSCaller(service: service, token: "dev-alice"), MLSCaller(service: service, token: "dev-bob"),
            MLSCaller(service: service, token: "dev-carol")
        )
    }

    func testPublishFetchCreateSendRead() throws {
        let (_, alice, bob, _) = makeService()
        let published = bob.call(.publishKeyPackage, ["keyPackage": "AAECAw==", "cipherSuite": suite])
        XCTAssertEqual(published.status, 200)
        XCTAssertEqual(published.body["keyPackage"]?["did"], "did:plc:bob")
        XCTAssertEqual(published.body["keyPackage"]?["expiresAt"], "2023-12-14T22:13:20.000Z")

        let fetched = alice.call(.getKeyPackages, query: "dids=did:plc:bob,did:plc:carol")
        XCTAssertEqual(fetched.body["keyPackages"]?.arrayValue?.count, 1)
        XCTAssertEqual(fetched.body["missing"], ["did:plc:carol"])
        XCTAssertEqual(alice.call(.getKeyPackages, query: "dids=did:plc:bob&dids=did:plc:carol").body, fetched.body)

        let created = alice.call(.createConvo, ["cipherSuite": suite, "initialMembers": ["did:plc:bob"], "metadata": ["name": "Team"]])
        XCTAssertEqual(created.status, 200)
        let convoId = try XCTUnwrap(created.body["convo"]?["id"]?.stringValue)
        XCTAssertTrue(StringFormat.tid.isValid(convoId))
        XCTAssertEqual(created.body["convo"]?["members"]?.arrayValue?.count, 2)
        XCTAssertEqual(created.body["convo"]?["epoch"], 1)
        XCTAssertEqual(created.body["welcomeMessages"]?.arrayValue?.compactMap { $0["did"]?.stringValue }, ["did:plc:bob"])
        // Bob's only key package was used: a second conversation with him finds none.
        let again = alice.call(.createConvo, ["cipherSuite": suite, "initialMembers": ["did:plc:bob"]])
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.error, "KeyPackageNotFound")

        let sent = bob.call(.sendMessage, ["convoId": .string(convoId), "ciphertext": "aGVsbG8="])
        XCTAssertEqual(sent.status, 200)
        XCTAssertEqual(sent.body["message"]?["contentType"], "text/plain")
        let read = alice.call(.getMessages, query: "convoId=\(convoId)")
        XCTAssertEqual(read.body["messages"]?.arrayValue?.map { $0["ciphertext"] }, ["aGVsbG8="])
        XCTAssertNil(read.body["cursor"], "a cursor only when more results exist")
        XCTAssertEqual(alice.call(.getConvos).body["convos"]?.arrayValue?.count, 1)
    }

    /// The member limit counts the creator: a conversation may reach it exactly, not go past it.
    func testMemberLimitIsInclusive() throws {
        let (_, alice, bob, carol) = makeService { $0.maximumMembers = 3 }
        for caller in [bob, carol] { _ = caller.call(.publishKeyPackage, ["keyPackage": "AAAA", "cipherSuite": suite]) }
        let convoId = try XCTUnwrap(
            alice.call(.createConvo, ["cipherSuite": suite, "initialMembers": ["did:plc:bob"]]).body["convo"]?["id"])
        let third = alice.call(.addMembers, ["convoId": convoId, "members": ["did:plc:carol"]])
        XCTAssertEqual(third.status, 200, "three members is exactly the limit")
        let fourth = alice.call(.addMembers, ["convoId": convoId, "members": ["did:plc:dave"]])
        XCTAssertEqual(fourth.status, 400)
        XCTAssertEqual(fourth.error, "TooManyMembers")
        let tooBig = alice.call(.createConvo, ["cipherSuite": suite, "initialMembers": ["did:plc:b", "did:plc:c", "did:plc:d"]])
        XCTAssertEqual(tooBig.error, "TooManyMembers")
    }

    func testMembershipEpochsAndLeaving() throws {
        let (_, alice, bob, carol) = makeService()
        _ = carol.call(.publishKeyPackage, ["keyPackage": "AAAA", "cipherSuite": suite])
        let convoId = try XCTUnwrap(alice.call(.createConvo, ["cipherSuite": suite]).body["convo"]?["id"])
        XCTAssertEqual(bob.call(.getMessages, query: "convoId=\(convoId.stringValue!)").status, 403)
        XCTAssertEqual(bob.call(.sendMessage, ["convoId": convoId, "ciphertext": "AA=="]).error, "NotMember")
        XCTAssertEqual(alice.call(.getMessages, query: "convoId=nope").error, "ConvoNotFound")
        let added = alice.call(.addMembers, ["convoId": convoId, "members": ["did:plc:carol"]])
        XCTAssertEqual(added.body["convo"]?["epoch"], 1)
        XCTAssertNotNil(added.body["commit"]?.stringValue)
        XCTAssertEqual(alice.call(.addMembers, ["convoId": convoId, "members": ["did:plc:carol"]]).error, "AlreadyMember")
        XCTAssertEqual(alice.call(.addMembers, ["convoId": convoId, "members": ["did:plc:bob"]]).error, "KeyPackageNotFound")
        let left = carol.call(.leaveConvo, ["convoId": convoId])
        XCTAssertEqual(left.body["epoch"]?["epoch"], 2)
        XCTAssertEqual(left.body["epoch"]?["memberCount"], 1)
        let last = alice.call(.leaveConvo, ["convoId": convoId])
        XCTAssertEqual(last.status, 400)
        XCTAssertEqual(last.error, "LastMember")
    }

    func testInputsAreValidatedAgainstTheLexicons() {
        let (_, alice, _, _) = makeService()
        let tooMany = alice.call(.getConvos, query: "limit=101")
        XCTAssertEqual(tooMany.status, 400)
        XCTAssertEqual(tooMany.error, "InvalidRequest")
        XCTAssertTrue(tooMany.body["message"]?.stringValue?.hasPrefix("/limit:") == true, "\(tooMany.body)")
        XCTAssertEqual(
            alice.call(.createConvo, ["cipherSuite": suite, "initialMembers": ["not-a-did"]]).body["message"]?.stringValue?.hasPrefix(
                "/initialMembers/0:"), true)
        XCTAssertEqual(alice.call(.createConvo, ["cipherSuite": "MLS_1_FUTURE"]).error, "InvalidCipherSuite")
        XCTAssertEqual(alice.call(.getKeyPackages, query: "dids=nope").error, "InvalidDid")
        let many = (0...100).map { "dids=did:plc:u\($0)" }.joined(separator: "&")
        XCTAssertEqual(alice.call(.getKeyPackages, query: many).error, "TooManyDids")
        XCTAssertEqual(alice.call(.publishKeyPackage, ["keyPackage": "!!", "cipherSuite": suite]).error, "InvalidKeyPackage")
        XCTAssertEqual(
            alice.call(.publishKeyPackage, ["keyPackage": "AAAA", "cipherSuite": suite, "expiresAt": "2024-03-01T00:00:00Z"]).error,
            "ExpirationTooFar")
        XCTAssertEqual(alice.call(.sendMessage, ["convoId": "x", "ciphertext": "%%%"]).error, "InvalidCiphertext")
        XCTAssertEqual(alice.call(.getMessages, query: "convoId=x&cursor=zz").status, 400)
        // A {"$bytes"} value where v0 declares a base64 string is decoded first, not refused.
        XCTAssertEqual(alice.call(.publishKeyPackage, ["keyPackage": ["$bytes": "AAAA"], "cipherSuite": suite]).status, 200)
    }

    func testAuthentication() throws {
        let secret = Array("test-secret".utf8)
        let (service, _, _, _) = makeService { $0.jwtSecret = secret }
        let jwt = try XCTUnwrap(service.mintToken(for: "did:plc:erin"))
        XCTAssertEqual(MLSCaller(service: service, token: jwt).call(.getConvos).status, 200)
        for token in ["nope", jwt + "x", try XCTUnwrap(service.mintToken(for: "did:plc:erin", validFor: -1))] {
            let answer = MLSCaller(service: service, token: token).call(.getConvos)
            XCTAssertEqual(answer.status, 401, token)
            XCTAssertEqual(answer.error, "AuthenticationRequired")
            XCTAssertEqual(answer.response.header("WWW-Authenticate"), "Bearer")
        }
        let anonymous = service.handle(APIRequest(method: "GET", path: MLSEndpoint.getConvos.path))
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertEqual(service.handle(APIRequest(method: "POST", path: MLSEndpoint.getConvos.path)).status, 405)
        XCTAssertEqual(service.handle(APIRequest(method: "GET", path: "/xrpc/blue.catbird.mls.getEpoch")).status, 501)
    }

    func testFaultsAndRateLimit() throws {
        let plan = try FaultPlan(parsing: "sendMessage:503x2,getConvos:429@2")
        let (_, alice, _, _) = makeService {
            $0.faults = plan
            $0.rateLimit = 5
        }
        let convoId = try XCTUnwrap(alice.call(.createConvo, ["cipherSuite": suite]).body["convo"]?["id"])
        XCTAssertEqual(alice.call(.sendMessage, ["convoId": convoId, "ciphertext": "AA=="]).status, 503)
        XCTAssertEqual(alice.call(.sendMessage, ["convoId": convoId, "ciphertext": "AA=="]).status, 503)
        XCTAssertEqual(alice.call(.sendMessage, ["convoId": convoId, "ciphertext": "AA=="]).status, 200)
        XCTAssertEqual(alice.call(.getConvos).status, 200)
        let limited = alice.call(.getConvos)
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.response.header("Retry-After"), "1")
        // Injected faults answer before the limiter counts: 3 requests admitted so far (createConvo,
        // the third sendMessage, the first getConvos), so two more fill the window of 5.
        XCTAssertEqual(alice.call(.getConvos).status, 200)
        XCTAssertEqual(alice.call(.getConvos).status, 200)
        let throttled = alice.call(.getConvos)
        XCTAssertEqual(throttled.error, "RateLimitExceeded")
        XCTAssertNotNil(throttled.response.header("Retry-After").flatMap(Int.init))
        XCTAssertThrowsError(try FaultPlan(parsing: "sendMessage:503"))
        XCTAssertThrowsError(try FaultPlan(parsing: "sendMessage:200x1"))
    }

    /// `429x1/0`: a 429 with its own Retry-After (0 is the value clients misread as absent); only a 429 takes one.
    func testAFaultCarriesItsOwnRetryAfter() throws {
        let (_, alice, _, _) = makeService { $0.faults = try! FaultPlan(parsing: "getConvos:429x1/0,getMessages:429@1/7") }
        XCTAssertEqual(alice.call(.getConvos).response.header("Retry-After"), "0")
        XCTAssertEqual(alice.call(.getConvos).status, 200)
        XCTAssertEqual(alice.call(.getMessages, query: "convoId=x").response.header("Retry-After"), "7")
        XCTAssertThrowsError(try FaultPlan(parsing: "getConvos:503x1/0"))
        XCTAssertThrowsError(try FaultPlan(parsing: "getConvos:429x1/-1"))
        XCTAssertThrowsError(try FaultPlan(parsing: "getConvos:429x1/"))
    }

    func testConcurrentSendsAreAllStoredAndPagedExactlyOnce() async throws {
        let (_, alice, _, _) = makeService { $0.rateLimit = 10_000 }
        let convoId = try XCTUnwrap(alice.call(.createConvo, ["cipherSuite": suite]).body["convo"]?["id"]?.stringValue)
        await withTaskGroup(of: Int.self) { group in
            for i in 0..<200 {
                group.addTask {
                    alice.call(
                        .sendMessage,
                        [
                            "convoId": .string(convoId),
                            "ciphertext": .string(Base64.encode(Array("m\(i)".utf8), variant: .init(.std, .padded, .strict))),
                        ]
                    ).status
                }
            }
            for await status in group { XCTAssertEqual(status, 200) }
        }
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let answer = alice.call(.getMessages, query: "convoId=\(convoId)&limit=30" + (cursor.map { "&cursor=\($0)" } ?? ""))
            seen += answer.body["messages"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            cursor = answer.body["cursor"]?.stringValue
            pages += 1
            // A message sent while paging lands after the cursor and is read exactly once too.
            if pages == 2 { _ = alice.call(.sendMessage, ["convoId": .string(convoId), "ciphertext": "AA=="]) }
        } while cursor != nil
        XCTAssertEqual(seen.count, 201)
        XCTAssertEqual(Set(seen).count, 201)
        XCTAssertEqual(pages, 7)
        // A cursor names its conversation: on another one it is InvalidCursor, not a position that skips messages.
        let firstCursor = try XCTUnwrap(alice.call(.getMessages, query: "convoId=\(convoId)&limit=30").body["cursor"]?.stringValue)
        let other = try XCTUnwrap(alice.call(.createConvo, ["cipherSuite": suite]).body["convo"]?["id"]?.stringValue)
        XCTAssertEqual(alice.call(.getMessages, query: "convoId=\(other)&cursor=\(firstCursor)").error, "InvalidCursor")
    }

    func testUploadBlobWritesACIDv1() throws {
        let (service, _, _, _) = makeService()
        var request = APIRequest(
            method: "POST", path: MLSEndpoint.uploadBlob.path,
            headers: [("Authorization", "Bearer dev-alice"), ("Content-Type", "image/png")])
        request.body = Array("hello".utf8)
        let response = service.handle(request)
        XCTAssertEqual(response.status, 200)
        let body = try JSONParser.parse(response.body)
        // CIDv1, raw, sha2-256 of "hello" (the digest 2cf24dba…).
        XCTAssertEqual(body["blob"]?["cid"], "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq")
        XCTAssertEqual(body["blob"]?["mimeType"], "image/png")
        XCTAssertEqual(body["blob"]?["size"], 5)
        // A Content-Type without a media type (empty, or parameters only) is a blob of unknown type, not a crash.
        for contentType in ["", "; charset=binary", "  "] {
            request.headers = [("Authorization", "Bearer dev-alice"), ("Content-Type", contentType)]
            let untyped = service.handle(request)
            XCTAssertEqual(untyped.status, 200, contentType.debugDescription)
            XCTAssertEqual(
                try JSONParser.parse(untyped.body)["blob"]?["mimeType"], "application/octet-stream", contentType.debugDescription)
        }
        XCTAssertEqual(service.bodyLimit(for: request).maximum, 52_428_800)
        XCTAssertEqual(service.bodyLimit(for: request).refusal.status, 413)
    }
}
