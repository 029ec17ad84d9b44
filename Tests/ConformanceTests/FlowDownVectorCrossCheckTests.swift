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

    /// FlowDown's canonicalPath of a received URL: decode, drop sig, re-encode.
    func foundationCanonical(_ url: String) throws -> String {
        var components = try XCTUnwrap(URLComponents(string: url))
        components.queryItems = (components.queryItems ?? []).filter { $0.name.lowercased() != "sig" }
        let query = components.percentEncodedQuery ?? ""
        return query.isEmpty ? components.path : components.path + "?" + query
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

    func testVerifyCasesSignatureVerdicts() throws {
        var verified = 0
        try forEachCase(in: "flowdown/verify") { _, test in
            guard let pkBytes = try? b64(test.input["pk"]!.stringValue!), pkBytes.count == 64 else {
                XCTAssertEqual(test.error, "bad-public-key", test.id)
                return
            }
            let url = test.input["url"]!.stringValue!
            let items = URLComponents(string: url)?.queryItems ?? []
            let sig = items.last { $0.name == "sig" }?.value.flatMap { try? b64($0) }
            let canonical = try foundationCanonical(url)
            let signatureOK =
                sig.map {
                    Libsodium.ed25519Verify(
                        signature: $0, message: OpenSSL.sha256(Array(canonical.utf8)),
                        publicKey: Array(pkBytes.prefix(32)))
                } ?? false
            switch (test.result, test.error) {
            case (.valid, _), (.acceptable, _):
                XCTAssertTrue(signatureOK, "\(test.id): libsodium must verify the signature over \(canonical)")
                verified += 1
            case (.invalid, "bad-signature"):
                XCTAssertFalse(signatureOK, "\(test.id): libsodium must refuse")
            case (.invalid, "expired"):
                XCTAssertTrue(signatureOK, "\(test.id): only the window is wrong")
                let timestamp = try XCTUnwrap(Double(items.first { $0.name == "timestamp" }!.value!))
                XCTAssertGreaterThanOrEqual(abs(timestamp - Double(test.input["now"]!.intValue!)), 300)
            default:
                break
            }
        }
        XCTAssertEqual(verified, 10)
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

    func testOpenCasesWithLibsodiumAndOpenSSL() throws {
        var opened = 0
        try forEachCase(in: "flowdown/payload", of: FlowDownPayloadSuite.open) { _, test in
            let seed = try hex(test.input["seed"])
            guard let payload = try? b64(test.input["payload"]!.stringValue!),
                let json = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: String],
                let session = json["session"], let sealed = json["sealed"].flatMap({ try? b64($0) }),
                let ephemeral = json["ephemeralPublicKey"].flatMap({ try? b64($0) })
            else {
                XCTAssertTrue(["payload-not-base64", "payload-not-json"].contains(test.error ?? ""), test.id)
                return
            }
            let ed25519 = try XCTUnwrap(Libsodium.ed25519PublicKey(seed: seed))
            let key =
                ephemeral.count == 32 ? self.key(x25519Scalar: seed, point: ephemeral, session: session, recipientEd25519: ed25519) : nil
            let plaintext =
                sealed.count >= 28
                ? key.flatMap {
                    Libsodium.chaCha20Poly1305Open(ciphertextAndTag: Array(sealed[12...]), nonce: Array(sealed[..<12]), key: $0)
                } : nil
            switch test.error {
            case nil:
                XCTAssertEqual(plaintext.map { Hex.encode($0) }, test.expected["plaintext"]?.stringValue, test.id)
                opened += 1
            case "session-mismatch":
                XCTAssertNotNil(plaintext, "\(test.id): opens, but for another session")
                XCTAssertNotEqual(session, test.input["expectedSession"]?.stringValue)
            case "bad-ephemeral-key" where ephemeral.count == 32:
                // libsodium refuses the low-order point; the box opens under the all-zero-secret key.
                XCTAssertNil(Libsodium.x25519(scalar: seed, point: ephemeral), test.id)
                let zeroKey = try XCTUnwrap(
                    OpenSSL.hkdfSHA256(
                        ikm: [UInt8](repeating: 0, count: 32),
                        salt: Array("flowdown-model-exchange\(session)".utf8), info: ed25519, length: 32))
                XCTAssertNotNil(
                    Libsodium.chaCha20Poly1305Open(ciphertextAndTag: Array(sealed[12...]), nonce: Array(sealed[..<12]), key: zeroKey),
                    test.id)
            default:
                XCTAssertNil(plaintext, "\(test.id): must not open")
            }
        }
        XCTAssertEqual(opened, 4)
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
        XCTAssertEqual(canonical, 6)
    }
}
