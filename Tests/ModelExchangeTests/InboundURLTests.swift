import CrossCheck
import WireCore
import XCTest

@testable import ModelExchange

/// FlowDown spec section 8: how FlowDown resolves a URL, and section 6: the order of its checks.
final class InboundURLTests: XCTestCase {
    let pair = try! ModelExchangeKeyPair(seed: (1...32).map(UInt8.init))

    func resolve(_ url: String) throws -> InboundRequest { try InboundRequest.resolve(try ModelExchangeURL(string: url)) }

    func testHostAndPathAreCaseInsensitiveAndNamesLowerCased() throws {
        XCTAssertEqual(try resolve("flowdown://MODELS/Exchange?STAGE=Cancelled&Session=s"), .cancelled(session: "s"))
        XCTAssertThrowsError(try resolve("flowdown://models/other?stage=cancelled")) {
            XCTAssertEqual(($0 as? ModelExchangeError)?.code, "malformed")
        }
    }

    func testCancelFirstThenHandshakeThenExchange() throws {
        XCTAssertEqual(try resolve("flowdown://models/exchange?pk=a&callback=b&stage=cancelled"), .cancelled(session: nil))
        XCTAssertEqual(try resolve("flowdown://models/exchange?session=s&pk=a&callback=b"), .handshake(pk: "a", callback: "b"))
        // An empty pk does not make a handshake; without the exchange items it is malformed.
        XCTAssertThrowsError(try resolve("flowdown://models/exchange?pk=&callback=b"))
    }

    func testDuplicatesKeepTheFirstValue() throws {
        guard
            case .exchange(let exchange) = try resolve(
                "flowdown://models/exchange?session=a&SESSION=b&app_name=x&reason=y&multiple_selection=TRUE&timestamp=1.7e9")
        else { return XCTFail("not an exchange") }
        XCTAssertEqual(exchange.request.session, "a")
        XCTAssertTrue(exchange.request.multipleSelection)
        XCTAssertEqual(exchange.request.timestamp, 1.7e9)
        XCTAssertEqual(exchange.request.capabilities, [])
        XCTAssertNil(exchange.signature)
    }

    func testCapabilities() throws {
        XCTAssertEqual(try Capability.parseList("audio,,tool"), [.audio, .tool])
        XCTAssertThrowsError(try Capability.parseList("audio,Visual")) {
            XCTAssertEqual($0 as? ModelExchangeError, .unknownCapability("Visual"))
        }
    }

    func signed(_ timestamp: Double = 1_700_000_000, appName: String = "Tester") throws -> String {
        try ExchangeRequest(
            session: "s-1", appName: appName, reason: "r", capabilities: [.tool],
            multipleSelection: true, timestamp: timestamp
        ).signedURL(keyPair: pair).url
    }

    func code(_ url: String, now: Double = 1_700_000_000) -> String? {
        do {
            _ = try ExchangeVerifier.verify(url, publicKey: pair.publicKey, clock: FixedClock(now))
            return nil
        } catch {
            return error.code
        }
    }

    func testTimestampWindowIsStrict() throws {
        let url = try signed()
        XCTAssertNil(code(url, now: 1_700_000_299))
        XCTAssertNil(code(url, now: 1_699_999_701))
        XCTAssertEqual(code(url, now: 1_700_000_300), "expired")
        XCTAssertEqual(code(url, now: 1_699_999_700), "expired")
    }

    func testOrderOfChecks() throws {
        let url = try signed()
        let unsigned = String(url[..<url.range(of: "&sig=")!.lowerBound])
        XCTAssertEqual(code(unsigned), "missing-signature")
        // Expiry is checked before the signature is looked for.
        XCTAssertEqual(code(unsigned, now: 1_800_000_000), "expired")
        XCTAssertEqual(code(url.replacingOccurrences(of: "reason=r", with: "reason=R")), "bad-signature")
        // An item appended after sig is part of the canonical string FlowDown rebuilds.
        XCTAssertEqual(code(url + "&capabilities=sound"), "bad-signature")
        XCTAssertEqual(code(url.replacingOccurrences(of: "capabilities=tool", with: "capabilities=sound")), "unknown-capability")
        XCTAssertEqual(code("flowdown://models/exchange?pk=a&callback=b"), "malformed")
    }

    func testReorderedItemsFail() throws {
        let parsed = try ModelExchangeURL(string: try signed())
        var swapped = parsed
        swapped.items.swapAt(1, 2)
        XCTAssertEqual(code(swapped.description), "bad-signature")
    }

    /// FlowDown decodes the received items and re-encodes them, so the way the URL was escaped in
    /// transit does not matter: `%2B` arrives as '+' and is re-encoded as '+'.
    func testTransitEscapingDoesNotMatter() throws {
        let url = try signed(appName: "A+B/C,D")
        XCTAssertNil(code(url))
        XCTAssertNil(code(url.replacingOccurrences(of: "A+B/C,D", with: "A%2BB%2FC%2CD")))
    }

    /// What does matter is the string the sender signed: one that signs its own encoding (`%2B`
    /// for '+') signs a string FlowDown never rebuilds.
    func testSignatureOverAForeignEncodingFails() throws {
        let request = ExchangeRequest(
            session: "s-1", appName: "A+B", reason: "r", capabilities: [], multipleSelection: false,
            timestamp: 1_700_000_000)
        let foreignCanonical = request.canonical.replacingOccurrences(of: "A+B", with: "A%2BB")
        let signature = try pair.signing.signature(for: OpenSSL.sha256(Array(foreignCanonical.utf8)))
        let sig = URLQueryEncoding.encodeComponent(Base64.encode(Array(signature), variant: .foundation))
        XCTAssertEqual(code("flowdown://models" + foreignCanonical + "&sig=" + sig), "bad-signature")
    }

    /// RFC 3986's scheme grammar, character by character: every scalar up to U+02FF (ASCII, Latin-1
    /// letters that are alphabetic but not allowed, and more) as first and as later character.
    func testSchemeCharacters() {
        for value in UInt32(0)...0x2FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let later = letter || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
            let text = String(Character(scalar))
            XCTAssertEqual(ModelExchangeURL.isValidScheme(text + "x"), letter, "U+\(String(value, radix: 16)) first")
            XCTAssertEqual(ModelExchangeURL.isValidScheme("x" + text), later, "U+\(String(value, radix: 16)) later")
        }
        XCTAssertFalse(ModelExchangeURL.isValidScheme(""))
    }

    /// `firstValue(named:)` is `parameters[name]`: random items with upper case, the Kelvin sign, a
    /// dotted capital I, repeated names and items without a value.
    func testFirstValueIsTheParameter() {
        var random = SeededRandom(seed: 0x7061_7261)
        let names = ["pk", "PK", "p\u{212A}", "Pk", "sig", "SIG", "S\u{130}G", "si", "sigs", "", "stage", "st\u{e4}ge"]
        for _ in 0..<2_000 {
            let items = (0..<Int(random.next() % 6)).map { index in
                QueryItem(names[Int(random.next() % UInt64(names.count))], random.next() % 4 == 0 ? nil : "v\(index)")
            }
            let url = ModelExchangeURL(scheme: "flowdown", items: items)
            for name in ["pk", "sig", "stage", "si", "", "s\u{130}g".lowercased()] {
                XCTAssertEqual(url.firstValue(named: name), url.parameters[name], "\(name) in \(items)")
            }
        }
    }
}
