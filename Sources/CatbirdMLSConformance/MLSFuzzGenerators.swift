import ATProtoConformance
import ATProtoLexicon
import CatbirdMLS
import ConformanceKit
import WireCore

extension MLSLexiconSuite {
    /// Values of every lexicon target, drawn at random from its schema (`LexiconRandomValues`): every type,
    /// limit and `knownValues` the Catbird lexicons declare.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        let values = LexiconRandomValues(catalog: CatbirdLexicons.catalog)
        let targets = MLSLexiconTargets.all.compactMap { name in MLSLexiconTargets.schema(name).map { (name, $0.schema, $0.base) } }
        return [
            FuzzGenerator("value") { random in
                let (name, schema, base) = random.pick(targets)
                return FuzzGenerator.Made(
                    params: JSONObject(F.lexicon(name)), input: JSONObject(F.value(values.value(schema, base: base, random: &random))),
                    comment: "a random value of \(name)")
            }
        ]
    }
}

extension MLSXRPCErrorSuite {
    /// Error answers of every endpoint: statuses around each class, content types with and without
    /// parameters, error names declared, generic or unknown, Retry-After in its forms, and bodies that are
    /// not quite the XRPC shape.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        [
            FuzzGenerator("answer") { random in
                let endpoint = random.pick(MLSEndpoint.allCases)
                let names =
                    CatbirdLexicons.catalog.errorNames(of: endpoint.nsid) + XRPCErrorResponse.genericNames.sorted() + ["Unknown", ""]
                let name = random.pick(names)
                let status = random.pick([200, 299, 300, 399, 400, 401, 403, 404, 409, 413, 429, 499, 500, 501, 502, 503, 504, 599, 600])
                let contentType = random.pick([
                    "application/json", "application/json; charset=utf-8", "Application/JSON", "application/json ", "text/plain",
                    "text/html", "application/problem+json", "",
                ])
                let retryAfter = random.pick(["", "0", "1", "120", "-1", "1.5", " 2", "Wed, 21 Oct 2015 07:28:00 GMT", "99999999999"])
                let message: JSONValue = random.pick([.string("why"), .null, .int(3), .string("")])
                let body = random.pick([
                    JSONWriter.compact(.object(JSONObject([("error", .string(name)), ("message", message)]))),
                    JSONWriter.compact(.object(JSONObject([("error", .string(name))]))),
                    JSONWriter.compact(.object(JSONObject([("message", message)]))), "", "not json", "[]",
                ])
                var input = JSONObject(F.status(status), F.body(body))
                if !contentType.isEmpty || random.chance(2) { input.set(F.contentType, contentType) }
                if !retryAfter.isEmpty { input.set(F.retryAfterHeader, retryAfter) }
                return FuzzGenerator.Made(
                    params: JSONObject(F.endpoint(endpoint)), input: input, comment: "a \(status) answer of \(endpoint.rawValue)")
            }
        ]
    }
}
