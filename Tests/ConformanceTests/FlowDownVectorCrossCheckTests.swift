import CrossCheck
import FlowDownConformance
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

@testable import ConformanceKit

/// The flowdown vectors recomputed without the ModelExchange module: libsodium for Ed25519, X25519
/// and ChaCha20-Poly1305, OpenSSL for SHA-256 and HKDF, Foundation's URLComponents for the query
/// encoding and PropertyListSerialization for the plists.
final class FlowDownVectorCrossCheckTests: XCTestCase {
    override func setUp() { XCTAssertTrue(Libsodium.initialize()) }

    func hex(_ value: JSONValue?) throws -> [UInt8] { try Hex.decode(try XCTUnwrap(value?.stringValue)) }
    func b64(_ text: String) throws -> [UInt8] { try Base64.decode(text, variant: .foundation) }

    /// The URL FlowDown's URLComponents code would build.
    func foundationURL(scheme: String, items: [(String, String?)]) -> URLComponents {
        var components = URLComponents()
        components.scheme = scheme
        components.host = "models"
        components.path = "/exchange"
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components
    }

    /// The callback URLs as FlowDown's `callbackURL(scheme:stage:session:extraItems:)` builds them
    /// with Foundation; the invalid schemes are the ones `isValidScheme` of RFC 3986 refuses (Foundation
    /// would trap on them, so they are not handed to it here).
    func testCallbackURLsAreWhatURLComponentsBuilds() throws {
        var built = 0
        try forEachCase(in: "flowdown/callback-url") { _, test in
            let scheme = test.input["scheme"]!.stringValue!
            let validScheme = scheme.range(of: "^[A-Za-z][A-Za-z0-9+.-]*$", options: .regularExpression) != nil
            XCTAssertEqual(validScheme, test.result == .valid, test.id)
            guard validScheme else { return }
            let stage = test.input["stage"]!.stringValue!
            var items: [(String, String?)] = [("stage", stage), ("session", test.input["session"]!.stringValue!)]
            if stage == "verification" { items.append(("pk", test.input["pk"]!.stringValue!)) }
            if stage == "completed" { items += [("format", "plist"), ("payload", test.input["payload"]!.stringValue!)] }
            XCTAssertEqual(foundationURL(scheme: scheme, items: items).url?.absoluteString, test.expected["url"]?.stringValue, test.id)
            built += 1
        }
        XCTAssertGreaterThanOrEqual(built, 8)
    }

    func testKeysAndHandshakeURLs() throws {
        try forEachCase(in: "flowdown/keys") { group, test in
            let seed = try hex(test.input["seed"])
            let encoded = Base64.encode(
                try XCTUnwrap(Libsodium.ed25519PublicKey(seed: seed)) + XCTUnwrap(Libsodium.x25519PublicKey(scalar: seed)),
                variant: .foundation)
            if group.type == FlowDownKeysSuite.publicKey.type {
                XCTAssertEqual(encoded, test.expected["pk"]?.stringValue, test.id)
            } else {
                let url = foundationURL(scheme: "flowdown", items: [("pk", encoded), ("callback", test.input["callback"]!.stringValue!)])
                XCTAssertEqual(url.string, test.expected["url"]?.stringValue, test.id)
            }
        }
    }

    func testExchangeURLsCanonicalAndSignature() throws {
        try forEachCase(in: "flowdown/exchange-url") { _, test in
            let input = try XCTUnwrap(test.input.objectValue)
            let items: [(String, String?)] = [
                ("session", input["session"]!.stringValue!), ("app_name", input["appName"]!.stringValue!),
                ("reason", input["reason"]!.stringValue!),
                ("capabilities", input["capabilities"]!.arrayValue!.compactMap(\.stringValue).joined(separator: ",")),
                ("multiple_selection", input["multipleSelection"]!.boolValue! ? "true" : "false"),
                ("timestamp", String(input["timestamp"]!.intValue!)),
            ]
            let components = foundationURL(scheme: "flowdown", items: items)
            let canonical = components.path + "?" + components.percentEncodedQuery!
            XCTAssertEqual(canonical, test.expected["canonical"]?.stringValue, test.id)
            let url = try XCTUnwrap(test.expected["url"]?.stringValue)
            XCTAssertTrue(url.hasPrefix(components.string! + "&sig="), test.id)
            let sig = try b64(try XCTUnwrap(URLComponents(string: url)?.queryItems?.last?.value))
            let seed = try hex(input["seed"])
            XCTAssertTrue(
                Libsodium.ed25519Verify(
                    signature: sig, message: OpenSSL.sha256(Array(canonical.utf8)),
                    publicKey: try XCTUnwrap(Libsodium.ed25519PublicKey(seed: seed))), test.id)
            XCTAssertEqual(
                Libsodium.ed25519Sign(message: OpenSSL.sha256(Array(canonical.utf8)), seed: seed), sig,
                "\(test.id): RFC 8032 is deterministic")
        }
    }

    /// Every verify case's signature verdict as FlowDown reaches it: Foundation's URL reading and
    /// Base64 decoding, libsodium's Ed25519, OpenSSL's SHA-256.
    func testVerifyCasesSignatureVerdicts() throws {
        var verified = 0
        var accepting = 0
        try forEachCase(in: "flowdown/verify") { _, test in
            let url = test.input["url"]!.stringValue!
            guard let pkData = Data(base64Encoded: test.input["pk"]!.stringValue!), pkData.count == 64 else {
                // The URL is parsed first: a malformed URL is malformed whatever the key.
                XCTAssertTrue(["bad-public-key", "malformed"].contains(test.error), test.id)
                return
            }
            let parameters = FoundationFlowDown.parameters(url)
            let sig = parameters["sig"].flatMap { Data(base64Encoded: $0) }.map(Array.init)
            let canonical = try XCTUnwrap(FoundationFlowDown.canonical(url), test.id)
            let signatureOK =
                sig.map {
                    Libsodium.ed25519Verify(
                        signature: $0, message: OpenSSL.sha256(Array(canonical.utf8)), publicKey: Array(pkData.prefix(32)))
                } ?? false
            switch (test.result, test.error) {
            case (.valid, _), (.acceptable, _):
                accepting += 1
                XCTAssertTrue(signatureOK, "\(test.id): libsodium must verify the signature over \(canonical)")
                if signatureOK { verified += 1 }
            case (.invalid, "bad-signature"):
                XCTAssertFalse(signatureOK, "\(test.id): libsodium must refuse")
            case (.invalid, "expired"):
                XCTAssertTrue(signatureOK, "\(test.id): only the window is wrong")
                let timestamp = try XCTUnwrap(Double(try XCTUnwrap(parameters["timestamp"])))
                XCTAssertFalse(abs(timestamp - Double(test.input["now"]!.intValue!)) < 300, test.id)
            default:
                break
            }
        }
        XCTAssertEqual(verified, accepting)
        XCTAssertGreaterThan(verified, 25)
    }

    func key(x25519Scalar: [UInt8], point: [UInt8], session: String, recipientEd25519: [UInt8]) -> [UInt8]? {
        guard let shared = Libsodium.x25519(scalar: x25519Scalar, point: point) else { return nil }
        return OpenSSL.hkdfSHA256(ikm: shared, salt: Array("flowdown-model-exchange\(session)".utf8), info: recipientEd25519, length: 32)
    }

    func testSealCasesWithLibsodiumAndOpenSSL() throws {
        try forEachCase(in: "flowdown/payload", of: FlowDownPayloadSuite.seal) { _, test in
            let pk = try b64(test.input["pk"]!.stringValue!)
            let ephemeral = try hex(test.input["ephemeralPrivateKey"])
            let nonce = try hex(test.input["nonce"])
            let session = test.input["session"]!.stringValue!
            let key = try XCTUnwrap(
                key(x25519Scalar: ephemeral, point: Array(pk[32...]), session: session, recipientEd25519: Array(pk[..<32])))
            let box = try XCTUnwrap(Libsodium.chaCha20Poly1305Seal(plaintext: try hex(test.input["plaintext"]), nonce: nonce, key: key))
            XCTAssertEqual(Base64.encode(nonce + box, variant: .foundation), test.expected["sealed"]?.stringValue, test.id)
            XCTAssertEqual(
                Base64.encode(try XCTUnwrap(Libsodium.x25519PublicKey(scalar: ephemeral)), variant: .foundation),
                test.expected["ephemeralPublicKey"]?.stringValue, test.id)
            // The payload is Base64 of Foundation-style JSON of the three fields.
            let json = try JSONSerialization.jsonObject(with: Data(try b64(test.expected["payload"]!.stringValue!))) as? [String: String]
            XCTAssertEqual(
                json,
                [
                    "session": session, "sealed": test.expected["sealed"]!.stringValue!,
                    "ephemeralPublicKey": test.expected["ephemeralPublicKey"]!.stringValue!,
                ], test.id)
        }
    }

    /// The wrapper as FlowDown's `ModelExchangeEncryptedPayload` reads it, with `JSONDecoder`.
    struct Wrapper: Decodable {
        let session: String
        let sealed: String
        let ephemeralPublicKey: String
    }

    /// Every open case as FlowDown reads it (Foundation's Base64 and JSONDecoder), opened with
    /// libsodium and OpenSSL.
    func testOpenCasesWithLibsodiumAndOpenSSL() throws {
        var opened = 0
        var accepting = 0
        try forEachCase(in: "flowdown/payload", of: FlowDownPayloadSuite.open) { _, test in
            let seed = try hex(test.input["seed"])
            guard let payload = Data(base64Encoded: test.input["payload"]!.stringValue!),
                let json = try? JSONDecoder().decode(Wrapper.self, from: payload),
                let sealed = Data(base64Encoded: json.sealed).map(Array.init),
                let ephemeral = Data(base64Encoded: json.ephemeralPublicKey).map(Array.init)
            else {
                XCTAssertTrue(["payload-not-base64", "payload-not-json"].contains(test.error ?? ""), test.id)
                return
            }
            let session = json.session
            let ed25519 = try XCTUnwrap(Libsodium.ed25519PublicKey(seed: seed))
            var key =
                ephemeral.count == 32 ? self.key(x25519Scalar: seed, point: ephemeral, session: session, recipientEd25519: ed25519) : nil
            if test.flags.contains("LowOrderPoint") {
                // libsodium refuses the low-order point; FlowDown (swift-crypto) derives from the all-zero secret.
                XCTAssertNil(Libsodium.x25519(scalar: seed, point: ephemeral), test.id)
                key = OpenSSL.hkdfSHA256(
                    ikm: [UInt8](repeating: 0, count: 32), salt: Array("flowdown-model-exchange\(session)".utf8), info: ed25519, length: 32)
            }
            let plaintext =
                sealed.count >= 28
                ? key.flatMap {
                    Libsodium.chaCha20Poly1305Open(ciphertextAndTag: Array(sealed[12...]), nonce: Array(sealed[..<12]), key: $0)
                } : nil
            switch test.error {
            case nil:
                accepting += 1
                XCTAssertEqual(plaintext.map { Hex.encode($0) }, test.expected["plaintext"]?.stringValue, test.id)
                XCTAssertEqual(session, test.expected["session"]?.stringValue, test.id)
                if plaintext != nil { opened += 1 }
            case "session-mismatch":
                // Wrong twice (`-and-`): the box is broken too, and the session is what the requester reports.
                if test.id.contains("-and-") {
                    XCTAssertNil(plaintext, "\(test.id): the box must not open either")
                } else {
                    XCTAssertNotNil(plaintext, "\(test.id): opens, but for another session")
                }
                XCTAssertNotEqual(session, test.input["expectedSession"]?.stringValue)
            default:
                XCTAssertNil(plaintext, "\(test.id): must not open")
            }
        }
        XCTAssertEqual(opened, accepting)
        XCTAssertGreaterThanOrEqual(opened, 11)
    }

    func testCanonicalPlistsAreWhatFoundationWrites() throws {
        var canonical = 0
        try forEachCase(in: "flowdown/models") { group, test in
            guard test.flags.contains("Canonical") else { return }
            let bytes = try hex(group.type == FlowDownModelsSuite.encodeModels.type ? test.expected["plist"] : test.input["plist"])
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            let rewritten = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
            XCTAssertEqual(String(decoding: rewritten, as: UTF8.self), String(decoding: bytes, as: UTF8.self), test.id)
            canonical += 1
        }
        XCTAssertEqual(canonical, 9)
    }
}
