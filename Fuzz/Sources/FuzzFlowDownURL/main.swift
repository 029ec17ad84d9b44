import FuzzSupport
import ModelExchange
import WireCore

let key = try! ModelExchangeKeyPair(seed: [UInt8](repeating: 0x5a, count: 32))

/// FlowDown URL parsing and verification. Oracles: Foundation (which FlowDown reads with) reads every
/// input as the reference does (host, path, items, canonical string); parse → write → parse keeps the
/// items; every exchange FlowDown would take, signed again from its parsed fields, verifies to the same
/// request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: inputBytes(start, count), as: UTF8.self)
    let foundation = FoundationReading(foundation: text)
    let reference = FoundationReading(reference: text)
    if foundation != reference, FoundationReading.knownDifference(text, foundation: foundation, reference: reference) == nil {
        contractViolated(
            "Foundation and the reference read \(text.debugDescription) differently:\n  Foundation \(String(describing: foundation))"
                + "\n  reference  \(String(describing: reference))")
    }
    guard let url = try? ModelExchangeURL(string: text) else { return 0 }
    consume(url.items.count)
    // A lone item with no name and no value writes as an empty query, which has no items (as in
    // Foundation); such items carry nothing, so they are left out of the comparison.
    let meaningful = { (items: [QueryItem]) in items.filter { !($0.name.isEmpty && $0.value == nil) } }
    // A name or value that still begins with U+FEFF after decoding (it had two) loses one more on every
    // reading, as in Foundation (FINDINGS.md F5): such URLs do not survive a rewrite, by design.
    let marked = url.items.contains { $0.name.unicodeScalars.first == "\u{FEFF}" || $0.value?.unicodeScalars.first == "\u{FEFF}" }
    let rewritten = try? ModelExchangeURL(string: url.description)
    if !marked {
        require(rewritten.map { meaningful($0.items) } == meaningful(url.items), "items changed on rewrite: \(text.debugDescription)")
        require(rewritten?.parameters == url.parameters, "parameters changed on rewrite: \(text.debugDescription)")
    }
    _ = try? Callback.parse(url)
    // ExchangeVerifier.verify(text) is exchange(in:) and then verify(received); the second part, the
    // Ed25519 check, depends only on the canonical string, the sig and the timestamp.
    do {
        let exchange = try ExchangeVerifier.exchange(in: text)
        let inputs = "\(exchange.canonical)\u{0}\(exchange.signature ?? "\u{1}")\u{0}\(exchange.request.timestamp)"
        consume(
            signatureVerdicts.value(for: inputs) {
                do throws(ModelExchangeError) {
                    _ = try ExchangeVerifier.verify(exchange, publicKey: key.publicKey, clock: FixedClock(1_700_000_000))
                    return "ok"
                } catch {
                    return error.code
                }
            }.utf8.count)
    } catch {
        consume(error.code)
    }
    // A field that begins with U+FEFF is signed with the mark and read without it: FlowDown refuses the URL
    // its own framework makes (FINDINGS.md F5), so the re-signing oracle below does not hold for it.
    guard !marked, case .exchange(let received)? = try? InboundRequest.resolve(url) else { return 0 }
    var request = received.request
    request.timestamp = request.timestamp.isFinite ? request.timestamp.rounded(.towardZero) : 0
    // The canonical string determines the request (fixed item order, integral timestamp, no ',' in a
    // capability), so a request re-signed and verified once need not be again.
    guard abs(request.timestamp) < 1e15, resignedRequests.isNew(request.canonical),
        let signed = try? request.signedURL(keyPair: key)
    else { return 0 }
    do {
        let again = try ExchangeVerifier.verify(signed.url, publicKey: key.publicKey, clock: FixedClock(request.timestamp))
        require(again.request == request, "re-signed exchange verifies to another request: \(signed.url)")
    } catch {
        contractViolated("re-signed exchange does not verify (\(error)): \(signed.url)")
    }
    return 0
}

/// Ed25519 is most of this target's time, and libFuzzer's mutations often leave what a signature check
/// depends on unchanged (a byte of the fragment, the host's case, an item that is not signed). Each
/// check's outcome is kept under exactly what it depends on, so a repeat costs a lookup and the check
/// itself is unchanged. Bounded: forgotten every 50,000 entries.
struct OutcomeMemo {
    private var outcomes: [String: String] = [:]

    /// The outcome of the check on `inputs`, computed the first time.
    mutating func value(for inputs: String, _ compute: () -> String) -> String {
        if let known = outcomes[inputs] { return known }
        let outcome = compute()
        remember(inputs, outcome)
        return outcome
    }

    /// True the first time `inputs` is seen (since the memo last forgot).
    mutating func isNew(_ inputs: String) -> Bool {
        guard outcomes[inputs] == nil else { return false }
        remember(inputs, "")
        return true
    }

    private mutating func remember(_ inputs: String, _ outcome: String) {
        if outcomes.count >= 50_000 { outcomes.removeAll(keepingCapacity: true) }
        outcomes[inputs] = outcome
    }
}

nonisolated(unsafe) var signatureVerdicts = OutcomeMemo()
nonisolated(unsafe) var resignedRequests = OutcomeMemo()
