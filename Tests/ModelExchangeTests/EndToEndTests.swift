import WireCore
import XCTest

@testable import ModelExchange

/// Requester → FlowDown simulator → requester, over URLs only (the end-to-end acceptance).
final class EndToEndTests: XCTestCase {
    let clock = FixedClock(1_700_000_000)
    let models = [PayloadAndPlistTests.sampleModel(1), PayloadAndPlistTests.sampleModel(2)]

    func makeRequester() -> RequesterSession {
        RequesterSession(
            keyPair: try! ModelExchangeKeyPair(seed: (1...32).map(UInt8.init)), callbackScheme: "example-callback",
            appName: "Tester & Co", reason: "Need a model 🤖", capabilities: [.visual], multipleSelection: true,
            clock: clock)
    }

    /// Runs the exchange up to the signed exchange URL.
    func handshake(_ requester: inout RequesterSession, _ flowdown: inout FlowDownSimulator) throws -> String {
        let verification = flowdown.open(requester.start())
        let callback = try XCTUnwrap(verification.callback, verification.reason)
        guard case .open(let exchangeURL) = try requester.handle(callback: callback) else {
            throw ModelExchangeError.malformed("no exchange")
        }
        return exchangeURL
    }

    func testFullExchangeDeliversTheModels() throws {
        var requester = makeRequester()
        var flowdown = FlowDownSimulator(models: models, clock: clock, randomSeed: 1)
        let exchangeURL = try handshake(&requester, &flowdown)
        let delivery = flowdown.open(exchangeURL)
        let completed = try XCTUnwrap(delivery.callback, delivery.reason)
        XCTAssertTrue(completed.hasPrefix("example-callback://models/exchange?stage=completed&session="))
        XCTAssertEqual(try requester.handle(callback: completed), .completed(models))
        XCTAssertEqual(flowdown.contexts.count, 0, "FlowDown drops the context after delivery")
    }

    func testSingleSelectionAndCancellation() throws {
        var requester = makeRequester()
        requester.multipleSelection = false
        var flowdown = FlowDownSimulator(models: models, clock: clock, randomSeed: 2)
        let single = flowdown.open(try handshake(&requester, &flowdown))
        XCTAssertEqual(try requester.handle(callback: XCTUnwrap(single.callback)), .completed([models[0]]))

        var cancelling = makeRequester()
        var userCancels = FlowDownSimulator(models: models, policy: .cancel, clock: clock, randomSeed: 3)
        let cancelled = userCancels.open(try handshake(&cancelling, &userCancels))
        XCTAssertEqual(try cancelling.handle(callback: XCTUnwrap(cancelled.callback)), .cancelled)
    }

    func testNoMatchingModelsGivesCancelled() throws {
        var requester = makeRequester()
        requester.capabilities = [.audio]
        var flowdown = FlowDownSimulator(models: models, clock: clock, randomSeed: 4)
        let outcome = flowdown.open(try handshake(&requester, &flowdown))
        XCTAssertTrue(outcome.reason.contains("no models available"))
        XCTAssertEqual(try requester.handle(callback: XCTUnwrap(outcome.callback)), .cancelled)
    }

    /// Flipping any single byte of `sig` or of any other parameter value: FlowDown sends no callback.
    func testEveryFlippedExchangeByteIsRefusedWithoutCallback() throws {
        var requester = makeRequester()
        var flowdown = FlowDownSimulator(models: models, clock: clock, randomSeed: 5)
        let exchangeURL = try handshake(&requester, &flowdown)
        let parsed = try ModelExchangeURL(string: exchangeURL)
        var seenCodes = Set<String>()
        for (index, item) in parsed.items.enumerated() {
            let value = Array(item.value!.utf8)
            for position in value.indices {
                var mutated = value
                // Digits become other digits (so timestamps stay numbers), the rest another letter.
                let byte = mutated[position]
                mutated[position] =
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "8"): byte + 1
                    case UInt8(ascii: "9"): UInt8(ascii: "0")
                    case UInt8(ascii: "A"): UInt8(ascii: "B")
                    default: UInt8(ascii: "A")
                    }
                var url = parsed
                url.items[index].value = String(decoding: mutated, as: UTF8.self)
                var attempt = flowdown
                let outcome = attempt.open(url.description)
                let expected: Set<String> =
                    switch item.name {
                    case "sig": ["bad-signature"]
                    case "session": ["unknown-session"]
                    case "timestamp": ["expired", "bad-signature"]
                    case "capabilities": ["unknown-capability"]
                    default: ["bad-signature"]
                    }
                XCTAssertNil(outcome.callback, "\(item.name)[\(position)]")
                XCTAssertTrue(expected.contains(outcome.error ?? "none"), "\(item.name)[\(position)]: \(outcome.reason)")
                seenCodes.insert(outcome.error ?? "none")
            }
        }
        XCTAssertEqual(seenCodes, ["bad-signature", "unknown-session", "expired", "unknown-capability"])
        // The untouched URL still works afterwards: failures do not drop the context.
        XCTAssertNotNil(flowdown.open(exchangeURL).callback)
    }

    /// Flipping any single byte of `payload`: the requester gets an error and no models.
    func testEveryFlippedPayloadByteIsRefused() throws {
        var requester = makeRequester()
        var flowdown = FlowDownSimulator(models: models, clock: clock, randomSeed: 6)
        let completed = try XCTUnwrap(flowdown.open(try handshake(&requester, &flowdown)).callback)
        let parsed = try ModelExchangeURL(string: completed)
        let payloadIndex = try XCTUnwrap(parsed.items.firstIndex { $0.name == "payload" })
        let payload = Array(parsed.items[payloadIndex].value!.utf8)
        var codes = Set<String>()
        for position in payload.indices {
            var mutated = payload
            mutated[position] ^= 0x01
            var url = parsed
            url.items[payloadIndex].value = String(decoding: mutated, as: UTF8.self)
            var attempt = requester
            do {
                let step = try attempt.handle(callback: url.description)
                XCTFail("flipped payload byte \(position) was accepted: \(step)")
            } catch {
                codes.insert(error.code)
            }
            if case .completed = attempt.state { XCTFail("state completed after flipping byte \(position)") }
        }
        // A flip inside the JSON's session is a session mismatch, which is checked before the box.
        XCTAssertTrue(
            codes.isSubset(of: [
                "payload-not-base64", "payload-not-json", "session-mismatch", "authentication-failed", "bad-ephemeral-key", "box-too-short",
            ]),
            "\(codes)")
        XCTAssertTrue(codes.contains("authentication-failed"))
        XCTAssertTrue(codes.contains("payload-not-base64") || codes.contains("payload-not-json"))
        XCTAssertEqual(try requester.handle(callback: completed), .completed(models))
    }

    func testRequesterRefusesAForeignPk() throws {
        var requester = makeRequester()
        _ = requester.start()
        let other = try ModelExchangeKeyPair(seed: [UInt8](repeating: 9, count: 32)).publicKey.encoded
        XCTAssertThrowsError(
            try requester.handle(callback: try Callback.verification(session: "s", pk: other).url(scheme: "example-callback"))
        ) {
            XCTAssertEqual(($0 as? ModelExchangeError)?.code, "bad-public-key")
        }
        XCTAssertEqual(requester.state, .awaitingVerification(since: 1_700_000_000))
    }

    func testRequesterTimesOutAfter300Seconds() throws {
        let clock = ManualClock(1_000)
        var requester = RequesterSession(
            keyPair: try ModelExchangeKeyPair(seed: [UInt8](repeating: 3, count: 32)), callbackScheme: "cb",
            appName: "a", reason: "r", capabilities: [], multipleSelection: false, clock: clock)
        _ = requester.start()
        clock.set(1_299)
        XCTAssertFalse(requester.expireIfDue())
        clock.set(1_300)
        XCTAssertTrue(requester.expireIfDue())
        XCTAssertEqual(requester.state, .timedOut(since: 1_000))
        XCTAssertThrowsError(try requester.handle(callback: "cb://models/exchange?stage=cancelled&session=s")) {
            XCTAssertEqual($0 as? ModelExchangeError, .expired(timestamp: 1_000, now: 1_300))
        }
    }
}
