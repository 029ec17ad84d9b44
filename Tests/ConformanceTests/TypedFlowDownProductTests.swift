import Foundation
import ModelExchange
import WireCheckTesting
import WireCore
import XCTest

@testable import WireCheckTestingFlowDown

/// `WireCheckTestingFlowDown`: the FlowDown builders over the product's own value types. A requester written with
/// them (here ModelExchange's functions, mapped member by member; the models through the product's own conversions)
/// conforms on every FlowDown suite it implements; one that
/// drops a capability when it reads a verified request fails exactly the verify cases that carry capabilities.
final class TypedFlowDownProductTests: XCTestCase {
    static func refusal(_ error: ModelExchangeError) -> ShimError { ShimError(code: error.code, message: error.description) }

    static func pair(_ seed: [UInt8]) throws(ShimError) -> ModelExchangeKeyPair {
        do throws(ModelExchangeError) { return try ModelExchangeKeyPair(seed: seed) } catch { throw ShimError(code: "bad-request") }
    }

    static func key(_ pk: String) throws(ShimError) -> ModelExchangePublicKey {
        do throws(ModelExchangeError) { return try ModelExchangePublicKey(encoded: pk) } catch { throw refusal(error) }
    }

    static func table(droppingLastCapability: Bool) -> OpTable {
        return OpTable(
            name: "Requester",
            [
                FlowDownOps.publicKey { seed throws(ShimError) in try Self.pair(seed).publicKey.encoded },
                FlowDownOps.handshakeURL { seed, callback throws(ShimError) in
                    HandshakeRequest.url(publicKey: try Self.pair(seed).publicKey, callbackScheme: callback)
                },
                FlowDownOps.exchangeURL { seed, request throws(ShimError) in
                    let exchange = ExchangeRequest(
                        session: request.session, appName: request.appName, reason: request.reason,
                        capabilities: request.capabilities.compactMap(Capability.init(rawValue:)),
                        multipleSelection: request.multipleSelection,
                        timestamp: request.timestamp)
                    let keyPair = try Self.pair(seed)
                    guard let signed = try? exchange.signedURL(keyPair: keyPair) else { throw ShimError(code: "bad-request") }
                    return (signed.url, signed.canonical)
                },
                FlowDownOps.verifyExchange { url, pk, now throws(ShimError) in
                    let received: ReceivedExchange
                    do throws(ModelExchangeError) { received = try ExchangeVerifier.exchange(in: url) } catch { throw refusal(error) }
                    let publicKey = try Self.key(pk)
                    do throws(ModelExchangeError) {
                        let request = try ExchangeVerifier.verify(received, publicKey: publicKey, clock: FixedClock(Double(now))).request
                        var capabilities = request.capabilities.map(\.rawValue)
                        if droppingLastCapability, !capabilities.isEmpty { capabilities.removeLast() }
                        return FlowDownExchangeRequest(
                            session: request.session, appName: request.appName, reason: request.reason, capabilities: capabilities,
                            multipleSelection: request.multipleSelection, timestamp: request.timestamp)
                    } catch {
                        throw refusal(error)
                    }
                },
                FlowDownOps.callbackURL { scheme, callback throws(ShimError) in
                    let made: Callback =
                        switch callback {
                        case .verification(let session, let pk): .verification(session: session, pk: pk)
                        case .completed(let session, let format, let payload):
                            .completed(session: session, format: format, payload: payload)
                        case .cancelled(let session): .cancelled(session: session)
                        }
                    do throws(ModelExchangeError) { return try made.url(scheme: scheme) } catch { throw refusal(error) }
                },
                FlowDownOps.sealPayload { pk, session, plaintext, ephemeral, nonce throws(ShimError) in
                    let recipient = try Self.key(pk)
                    do throws(ModelExchangeError) {
                        return try PayloadCipher.seal(
                            plaintext, to: recipient, session: session, ephemeralPrivateKey: ephemeral, nonce: nonce
                        )
                        .encoded
                    } catch {
                        throw refusal(error)
                    }
                },
                FlowDownOps.openPayload { seed, payload, expected throws(ShimError) in
                    let keyPair = try Self.pair(seed)
                    do throws(ModelExchangeError) {
                        let opened = try PayloadCipher.open(payload, keyPair: keyPair, expectedSession: expected)
                        return (opened.session, opened.plaintext)
                    } catch {
                        throw refusal(error)
                    }
                },
                FlowDownOps.decodeModels { plist throws(ShimError) in
                    do throws(ModelExchangeError) { return try ModelsPlist.decode(plist).map(FlowDownModel.init) } catch {
                        throw refusal(error)
                    }
                },
                FlowDownOps.decodeModelsAsApp { plist throws(ShimError) in
                    do throws(ModelExchangeError) { return try AppModelsReading.decode(plist).map(FlowDownModel.init) } catch {
                        throw refusal(error)
                    }
                },
                FlowDownOps.encodeModels { models in ModelsPlist.encodeXML(models.map(CloudModel.init)) },
            ])
    }

    func testTheProductsTypesConformAndADroppedCapabilityFailsOnlyItsCases() throws {
        let selection = CaseSelection(only: [
            "flowdown/keys", "flowdown/exchange-url", "flowdown/verify", "flowdown/callback-url", "flowdown/payload", "flowdown/models",
        ])
        let results = try ConformanceRun.run(Self.table(droppingLastCapability: false), selection: selection, strict: true)
        XCTAssertEqual(results.filter(\.status.failsRun).map { "\($0.id): \($0.reason)" }, [])
        XCTAssertEqual(results.filter { $0.status == .unimplemented }.map(\.id), [])
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 100)

        let failed = try ConformanceRun.run(Self.table(droppingLastCapability: true), selection: selection, strict: true)
            .filter(\.status.failsRun)
        XCTAssertFalse(failed.isEmpty)
        XCTAssertTrue(failed.allSatisfy { $0.id.hasPrefix("flowdown/verify/") }, "\(failed.map(\.id))")
    }
}
