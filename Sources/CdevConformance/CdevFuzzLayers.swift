import CdevAuth
import ConformanceKit
import WireCore

extension CdevTokenSuite {
    /// `cdev.validate`'s token opened to its payload JSON (as a value, and as text for the JSON text
    /// mutations) and MACed again with the case's secret, so a changed payload reaches steps 6 to 10 of the
    /// validator (section 2) instead of stopping at the MAC; and opened to its envelope `{p, s}` and encoded
    /// again without a new MAC, so a MAC cut short or a `p` changed reaches the MAC check itself.
    public func fuzzLayers(of kind: GroupKind) -> [FuzzLayer] {
        guard kind.type == Self.validate.type else { return [] }
        return [
            FuzzLayer(
                "token payload text",
                open: { args in
                    guard let token = args[F.tokenToValidate], let (_, payload) = Self.open(token) else { return nil }
                    return .string(String(decoding: payload, as: UTF8.self))
                },
                seal: { args, payload in
                    guard let token = args[F.tokenToValidate], let secret = args[F.secret], let (prefix, _) = Self.open(token),
                        let text = payload.stringValue
                    else { return nil }
                    var sealed = args
                    sealed.set(F.tokenToValidate, Self.seal(prefix: prefix, payload: Array(text.utf8), secret: secret))
                    return sealed
                }),
            FuzzLayer(
                "token envelope",
                open: { args in
                    guard let token = args[F.tokenToValidate], let prefix = TokenType.prefix(of: token),
                        let body = try? Base64.decode(String(token.dropFirst(prefix.count)), variant: .goRawURL)
                    else { return nil }
                    return try? JSONParser.parse(body)
                },
                seal: { args, envelope in
                    guard let token = args[F.tokenToValidate], let prefix = TokenType.prefix(of: token) else { return nil }
                    var sealed = args
                    sealed.set(F.tokenToValidate, prefix + Base64.encode(JSONWriter().bytes(envelope), variant: .goRawURL))
                    return sealed
                }),
            FuzzLayer(
                "token payload",
                open: { args in
                    guard let token = args[F.tokenToValidate], let (_, payload) = Self.open(token) else { return nil }
                    return try? JSONParser.parse(payload)
                },
                seal: { args, payload in
                    guard let token = args[F.tokenToValidate], let secret = args[F.secret], let (prefix, _) = Self.open(token) else {
                        return nil
                    }
                    var sealed = args
                    sealed.set(F.tokenToValidate, Self.seal(prefix: prefix, payload: JSONWriter().bytes(payload), secret: secret))
                    return sealed
                }),
        ]
    }

    /// The prefix and the payload bytes of a token, when it has the shape of section 1.1.
    static func open(_ token: String) -> (prefix: String, payload: [UInt8])? {
        guard let prefix = TokenType.prefix(of: token),
            let body = try? Base64.decode(String(token.dropFirst(prefix.count)), variant: .goRawURL),
            let outer = (try? JSONParser.parse(body))?.objectValue, let p = outer["p"]?.stringValue,
            let payload = try? Base64.decode(p, variant: .goRawURL)
        else { return nil }
        return (prefix, payload)
    }

    /// A token of `payload` bytes, MACed with `secret` as `CdevToken.mint` does.
    static func seal(prefix: String, payload: [UInt8], secret: [UInt8]) -> String {
        let mac = CdevSigning.mac(payload, secret: secret)
        let outer = JSONObject([
            ("p", .string(Base64.encode(payload, variant: .goRawURL))), ("s", .string(Base64.encode(mac, variant: .goRawURL))),
        ])
        return prefix + Base64.encode(JSONWriter(options: .init(escapeHTML: true)).bytes(.object(outer)), variant: .goRawURL)
    }
}
