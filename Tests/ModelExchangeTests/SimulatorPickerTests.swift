import WireCore
import XCTest

@testable import ModelExchange

/// The simulator with the picker left open (policy `.manual`), as FlowDown's coordinator behaves
/// between showing the picker and the user's choice (FINDINGS.md F4).
final class SimulatorPickerTests: XCTestCase {
    let requester = try! ModelExchangeKeyPair(seed: [UInt8](repeating: 9, count: 32))
    let now = 1_700_000_000.0

    func simulator() -> FlowDownSimulator {
        var model = CloudModel()
        model.name = "m"
        model.capabilities = ["tool"]
        var simulator = FlowDownSimulator(models: [model], policy: .manual, clock: FixedClock(now), randomSeed: 1)
        simulator.nextSessions = ["S1"]
        return simulator
    }

    func exchange(at time: Double) throws -> String {
        try ExchangeRequest(session: "S1", appName: "a", reason: "r", capabilities: [.tool], multipleSelection: false, timestamp: time)
            .signedURL(keyPair: requester).url
    }

    func testReplayShowsTheSecondPickerAndConfirmDeliversOnce() throws {
        var flowdown = simulator()
        XCTAssertNotNil(flowdown.open(HandshakeRequest.url(publicKey: requester.publicKey, callbackScheme: "cb")).callback)
        let url = try exchange(at: now)
        XCTAssertEqual(flowdown.open(url).pickerSession, "S1")
        XCTAssertEqual(flowdown.open(url).pickerSession, "S1", "a replay within 300 s is taken again")
        let completed = flowdown.confirm(session: "S1")
        XCTAssertEqual(try completed.callback.map { try Callback.parse(try ModelExchangeURL(string: $0)) }?.stage, "completed")
        XCTAssertEqual(completed.delivered.map(\.name), ["m"])
        XCTAssertNil(flowdown.confirm(session: "S1").callback, "nothing is left to confirm")
        XCTAssertNil(flowdown.open(url).pickerSession, "the context is gone after the user acted")
    }

    func testContextNeverExpiresAndSurvivesAFailedValidation() throws {
        var flowdown = simulator()
        _ = flowdown.open(HandshakeRequest.url(publicKey: requester.publicKey, callbackScheme: "cb"))
        flowdown.clock = FixedClock(now + 86_400)
        XCTAssertEqual(flowdown.open(try exchange(at: now)).error, "expired")
        XCTAssertEqual(flowdown.open(try exchange(at: now + 86_400)).pickerSession, "S1")
    }

    func testRequesterCancelDoesNotStopAnOpenPicker() throws {
        var flowdown = simulator()
        _ = flowdown.open(HandshakeRequest.url(publicKey: requester.publicKey, callbackScheme: "cb"))
        XCTAssertEqual(flowdown.open(try exchange(at: now)).pickerSession, "S1")
        XCTAssertNil(flowdown.open("flowdown://models/exchange?stage=cancelled&session=S1").callback)
        XCTAssertTrue(flowdown.contexts.isEmpty)
        XCTAssertEqual(flowdown.dismiss(session: "S1").callback, "cb://models/exchange?stage=cancelled&session=S1")
    }

    func testInvalidCallbackSchemeStoresNothing() {
        var flowdown = simulator()
        let outcome = flowdown.open(HandshakeRequest.url(publicKey: requester.publicKey, callbackScheme: "a b"))
        XCTAssertNil(outcome.callback)
        XCTAssertEqual(outcome.error, "bad-callback-scheme")
        XCTAssertTrue(flowdown.contexts.isEmpty)
        XCTAssertEqual(flowdown.nextSessions, ["S1"], "no session is handed out")
    }
}
