import WireCore

/// A URL as the Model Exchange code reads it: scheme, host, decoded path and query items
/// (FlowDown spec sections 3 and 8). Every URL of the protocol is `<scheme>://models/exchange?<items>`.
public struct ModelExchangeURL: Equatable, Sendable, CustomStringConvertible {
    /// The scheme (`flowdown`, or the requester's).
    public var scheme: String
    public var host: String
    /// Percent-decoded, without a trailing `/` (as `URL.path`).
    public var path: String
    /// The query as received, still encoded; nil when the URL has no `?`.
    public var rawQuery: String?
    /// The query items, decoded, in order.
    public var items: [QueryItem]

    /// The host of every protocol URL.
    public static let host = "models"
    /// The path of every protocol URL.
    public static let path = "/exchange"

    /// A URL built the way `URLComponents` builds every URL of the protocol.
    public init(scheme: String, items: [QueryItem]) {
        self.scheme = scheme
        self.host = Self.host
        self.path = Self.path
        self.items = items
        self.rawQuery = URLQueryEncoding.encode(items)
    }

    /// Splits `scheme://[userinfo@]host[:port]/path?query#fragment` as Foundation's `URL` and
    /// `URLComponents` read it on Swift 6 (FlowDown spec section 8), because FlowDown verifies what
    /// Foundation makes of the URL:
    /// - userinfo and port are skipped (a port must be digits, or Foundation has no URL);
    /// - the host and the path are percent-decoded; a path that does not decode to UTF-8 is empty,
    ///   and every trailing `/` is dropped (`URL.path`);
    /// - a component holding a character that is not allowed in it (a space, non-ASCII, `"`, `[`, a
    ///   stray `%`…) is percent-encoded *whole* by Foundation, its `%` included, so its text arrives
    ///   literally: such a query's names and values are not percent-decoded at all;
    /// - the fragment is ignored.
    public init(string: String) throws(ModelExchangeError) {
        // Every delimiter is ASCII, so the URL is split on its UTF-8 bytes, as Foundation splits it
        // (it does not see grapheme clusters either); walking Characters cost more than the rest of
        // the verification but the signature check.
        let bytes = Array(string.utf8)
        func at(_ offset: Int) -> String.Index { string.utf8.index(string.utf8.startIndex, offsetBy: offset) }
        guard let separator = bytes.indices.first(where: { bytes[$0...].starts(with: "://".utf8) }) else {
            throw .malformed("not an absolute URL (no \"://\")")
        }
        let scheme = String(string[..<at(separator)])
        guard Self.isValidScheme(scheme) else { throw .malformed("invalid scheme \(scheme.debugDescription)") }
        let authorityStart = separator + 3
        let end = bytes[authorityStart...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let question = bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "?"))
        let slash = bytes[authorityStart..<(question ?? end)].firstIndex(of: UInt8(ascii: "/")) ?? question ?? end
        let query = question.map { string[at($0 + 1)..<at(end)] }
        self.scheme = scheme
        self.host = try Self.host(ofAuthority: string[at(authorityStart)..<at(slash)])
        self.path = Self.path(String(string[at(slash)..<at(question ?? end)]))
        self.rawQuery = query.map(String.init)
        self.items = query.map { Self.queryItems(String($0)) } ?? []
    }

    /// The host of `[userinfo@]host[:port]`, percent-decoded, or mapped as IDNA when it is not ASCII
    /// (`HostIDNA`). Foundation has no URL when the port is not digits or the host has a bad escape.
    /// Split on the authority's bytes, as Foundation splits it: a Swift Character would fuse an '@', ':'
    /// or ']' with a combining mark or variation selector after it.
    private static func host(ofAuthority authority: Substring) throws(ModelExchangeError) -> String {
        let bytes = Array(authority.utf8)
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        let hostStart = bytes.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? 0
        // An IP literal is "[" … "]" with an optional port after it.
        let literalEnd = bytes[hostStart...].first == UInt8(ascii: "[") ? bytes[hostStart...].firstIndex(of: UInt8(ascii: "]")) : nil
        // Foundation has no URL for a host with a control character, a space, one of "<>\^`{|} or [ ] (an
        // IP literal's brackets aside; inside them it takes anything but a second [).
        let refused = Set("\"<>\\^`{|}[]".utf8)
        let outside = bytes[(literalEnd.map { $0 + 1 } ?? hostStart)...]
        guard !outside.contains(where: { $0 < 0x21 || $0 == 0x7F || refused.contains($0) }),
            !(literalEnd.map { bytes[(hostStart + 1)..<$0].contains(UInt8(ascii: "[")) } ?? false)
        else { throw .malformed("the host holds a character Foundation does not allow in a host") }
        let host: Range<Int>
        var port: ArraySlice<UInt8> = []
        if let literalEnd {
            host = (hostStart + 1)..<literalEnd
            port = bytes[(literalEnd + 1)...]
            guard port.isEmpty || port.first == UInt8(ascii: ":") else { throw .malformed("text after an IP literal host") }
        } else if let colon = bytes[hostStart...].lastIndex(of: UInt8(ascii: ":")) {
            host = hostStart..<colon
            port = bytes[colon...]
            // Found by FuzzFlowDownURL: a second ':' (host "m:x", port "") is no URL to Foundation.
            guard !bytes[host].contains(UInt8(ascii: ":")) else { throw .malformed("a ':' in the host outside an IP literal") }
        } else {
            host = hostStart..<bytes.count
        }
        guard port.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .malformed("the port \(String(decoding: port.dropFirst(), as: UTF8.self).debugDescription) is not a number")
        }
        // A host with non-ASCII characters is mapped to its ASCII form, as Foundation does (IDNA); an IP
        // literal with one is no URL to Foundation.
        if bytes[host].contains(where: { $0 >= 0x80 }) {
            guard literalEnd == nil, let ascii = HostIDNA.asciiHost(text(host)) else {
                throw .malformed("the host is not a valid IDNA name")
            }
            return ascii
        }
        // In an IP literal Foundation decodes only "%25" (a zone's '%', RFC 6874) and keeps every other
        // escape as written (FuzzFlowDownURL: "[o0%multic]", "[a%3Db]").
        if literalEnd != nil { return text(host).replacing("%25", with: "%") }
        if let decoded = URLQueryEncoding.percentDecode(text(host), droppingByteOrderMark: true) { return decoded }
        // Escapes that decode to bytes that are not UTF-8 leave Foundation a URL without a host (found by
        // FuzzFlowDownURL); a '%' without two hex digits leaves it no URL.
        for index in host where bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < host.upperBound, Hex.byte(bytes[index + 1], bytes[index + 2]) != nil else {
                throw .malformed("the host has an invalid percent escape")
            }
        }
        return ""
    }

    /// `URL.path`: decoded (a component with a character not allowed in a path is taken literally, one
    /// that decodes to bytes that are not UTF-8 is empty), without any trailing `/`.
    private static func path(_ encoded: String) -> String {
        var path = encoded
        if URLQueryEncoding.isValidComponent(encoded, alsoAllowed: "/") {
            path = URLQueryEncoding.percentDecode(encoded, droppingByteOrderMark: true) ?? ""
        }
        while path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path.removeLast() }
        return path
    }

    /// `URLComponents.queryItems` of a query as Foundation keeps it: decoded when every character is
    /// allowed in a query, literal otherwise (the whole query was re-encoded, `%` as `%25`, so each
    /// name and value decodes back to its own text, less a leading U+FEFF as every decoding drops).
    private static func queryItems(_ query: String) -> [QueryItem] {
        // An empty query is valid, so the literal reading always has at least one item.
        if URLQueryEncoding.isValidComponent(query, alsoAllowed: "/?") {
            return URLQueryEncoding.decode(query, droppingByteOrderMarks: true)
        }
        return URLQueryEncoding.literalItems(query, droppingByteOrderMarks: true)
    }

    /// RFC 3986 scheme: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. Foundation traps on anything else.
    /// Every allowed character is ASCII, so the bytes are checked (Unicode property lookups per
    /// character cost more than the rest of the URL's split).
    public static func isValidScheme(_ scheme: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = scheme.utf8.first, isLetter(first) else { return false }
        return scheme.utf8.allSatisfy { byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// The URL as `URLComponents` writes it: the query re-encoded from the items.
    public var description: String {
        let query = URLQueryEncoding.encode(items)
        // Path segments allow the query set minus '?', which would start the query.
        let encodedPath = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { URLQueryEncoding.encodeComponent(String($0)).replacingOccurrences(of: "?", with: "%3F") }
            .joined(separator: "/")
        // A decoded host may hold a delimiter again ("a%3Ab"); written raw it would read as a port.
        var encodedHost = URLQueryEncoding.encodeComponent(host)
        for (delimiter, escape) in [(":", "%3A"), ("@", "%40"), ("/", "%2F"), ("?", "%3F")] {
            encodedHost = encodedHost.replacingOccurrences(of: delimiter, with: escape)
        }
        return "\(scheme)://\(encodedHost)\(encodedPath)\(rawQuery == nil && items.isEmpty ? "" : "?" + query)"
    }

    /// Items keyed by lower-cased name, items without a value skipped, the first value kept
    /// (Lakr233/FlowDown 326d6d66; be50ddf and older trap on a duplicate: FINDINGS.md F1).
    public var parameters: [String: String] {
        var result: [String: String] = [:]
        for item in items {
            guard let value = item.value else { continue }
            let key = item.name.lowercased()
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    /// `parameters[name]` without building the dictionary: the value of the first item with a value
    /// whose lower-cased name is `name` (itself lower-case). ASCII names are compared by folding
    /// bytes; any other name is lower-cased as `parameters` does (the Kelvin sign lower-cases to `k`,
    /// so `p\u{212A}` is `pk`). A verification asks for ten names; the dictionary cost more than that.
    public func firstValue(named name: String) -> String? {
        for item in items {
            guard let value = item.value else { continue }
            if Self.lowercasedName(item.name, equals: name) { return value }
        }
        return nil
    }

    private static func lowercasedName(_ candidate: String, equals name: String) -> Bool {
        var candidate = candidate
        var name = name
        // nil: the candidate is not ASCII, and only `lowercased()` knows what it becomes.
        let asciiVerdict: Bool? = candidate.withUTF8 { candidate in
            name.withUTF8 { name in
                var equal = candidate.count == name.count
                for index in candidate.indices {
                    var byte = candidate[index]
                    if byte >= 0x80 { return nil }
                    if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                    if equal && byte != name[index] { equal = false }
                }
                return equal
            }
        }
        return asciiVerdict ?? (candidate.lowercased() == name)
    }

    /// True when two items share a lower-cased name (vectors flag these `DuplicateParameter`).
    public var hasDuplicateNames: Bool {
        let names = items.filter { $0.value != nil }.map { $0.name.lowercased() }
        return Set(names).count != names.count
    }
}
