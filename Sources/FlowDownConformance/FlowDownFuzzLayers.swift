import ConformanceKit
import ModelExchange
import WireCore

extension FlowDownVerifySuite {
    /// `flowdown.verifyExchange`'s URL opened to its query items (`[name, value-or-null]` pairs) and signed
    /// again with the suite's key over the canonical string FlowDown will rebuild from it, so a changed item
    /// (repeated, dropped, renamed, another value) reaches the checks behind the signature (section 6).
    /// Only URLs of that key (the `pk` of the case) are opened.
    public func fuzzLayers(of kind: GroupKind) -> [FuzzLayer] {
        guard kind.type == Self.verifyExchange.type else { return [] }
        let signer = Builder()
        return [
            FuzzLayer(
                "exchange query items",
                open: { args in
                    guard args[F.handshakePK] == signer.pk, let url = args[F.exchangeURL], let query = Self.unsignedQuery(url) else {
                        return nil
                    }
                    return Self.queryItems.encode(URLQueryEncoding.decode(query))
                },
                seal: { args, structure in
                    guard let items = try? Self.queryItems.decode(structure) else { return nil }
                    let template = "flowdown://models/exchange?\(URLQueryEncoding.encode(items))&sig={sig}"
                    guard (try? ExchangeVerifier.exchange(in: template.replacingOccurrences(of: "{sig}", with: "x"))) != nil else {
                        return nil
                    }
                    var sealed = args
                    sealed.set(F.exchangeURL, signer.signed(template))
                    return sealed
                })
        ]
    }

    /// The layer's structure: the query items as `[name, value-or-null]` pairs (not a field of the vectors).
    static let queryItems: Field<[QueryItem]> = .queryItems("items", "The exchange URL's query items before sig.")

    /// The query of an exchange URL before its `&sig=`.
    static func unsignedQuery(_ url: String) -> String? {
        guard let start = url.firstIndex(of: "?"), let end = url.range(of: "&sig=")?.lowerBound, start < end else { return nil }
        return String(url[url.index(after: start)..<end])
    }
}

extension FlowDownPayloadSuite {
    /// `flowdown.openPayload`'s payload opened to its wrapper's JSON text and Base64-encoded again, so the JSON text
    /// mutations (a repeated `session`, a byte-order mark, another number form, a string value changed) reach step 2
    /// instead of stopping at the Base64 (section 9). Nothing to sign: the wrapper is not authenticated, only the box
    /// inside it.
    public func fuzzLayers(of kind: GroupKind) -> [FuzzLayer] {
        guard kind.type == Self.open.type else { return [] }
        return [
            FuzzLayer(
                "payload wrapper text",
                open: { args in
                    guard let payload = args[F.payload], let json = try? Base64.decode(payload, variant: .foundation) else { return nil }
                    return .string(String(decoding: json, as: UTF8.self))
                },
                seal: { args, wrapper in
                    guard let text = wrapper.stringValue else { return nil }
                    var sealed = args
                    sealed.set(F.payload, Base64.encode(Array(text.utf8), variant: .foundation))
                    return sealed
                })
        ]
    }
}
