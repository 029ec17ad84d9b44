import FuzzSupport
import ModelExchange
import WireCore

let key = try! ModelExchangeKeyPair(seed: [UInt8](repeating: 0x5a, count: 32))

/// FlowDown URL parsing and verification. Oracles: parse → write → parse keeps the items; every
/// exchange FlowDown would take, signed again from its parsed fields, verifies to the same request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: inputBytes(start, count), as: UTF8.self)
    guard let url = try? ModelExchangeURL(string: text) else { return 0 }
    consume(url.items.count)
    // A lone item with no name and no value writes as an empty query, which has no items (as in
    // Foundation); such items carry nothing, so they are left out of the comparison.
    let meaningful = { (items: [QueryItem]) in items.filter { !($0.name.isEmpty && $0.value == nil) } }
    let rewritten = try? ModelExchangeURL(string: url.description)
    require(rewritten.map { meaningful($0.items) } == meaningful(url.items), "items changed on rewrite: \(text.debugDescription)")
    require(rewritten?.parameters == url.parameters, "parameters changed on rewrite: \(text.debugDescription)")
    _ = try? Callback.parse(url)
    do {
        _ = try ExchangeVerifier.verify(text, publicKey: key.publicKey, clock: FixedClock(1_700_000_000))
    } catch {
        consume(error.code)
    }
    guard case .exchange(let received)? = try? InboundRequest.resolve(url) else { return 0 }
    var request = received.request
    request.timestamp = request.timestamp.isFinite ? request.timestamp.rounded(.towardZero) : 0
    guard abs(request.timestamp) < 1e15, let signed = try? request.signedURL(keyPair: key) else { return 0 }
    do {
        let again = try ExchangeVerifier.verify(signed.url, publicKey: key.publicKey, clock: FixedClock(request.timestamp))
        require(again.request == request, "re-signed exchange verifies to another request: \(signed.url)")
    } catch {
        contractViolated("re-signed exchange does not verify (\(error)): \(signed.url)")
    }
    return 0
}
