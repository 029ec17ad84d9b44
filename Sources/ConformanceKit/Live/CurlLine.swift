/// The `curl` reproducer of a live check (reports/README.md): the same method, headers and body, with
/// every cdev token replaced by a placeholder, since reports are shared and tokens are secrets.
enum CurlLine {
    static func make(baseURL: String, method: String, target: String, headers: [(String, String)], body: [UInt8]?) -> String {
        var parts = ["curl -sS -i"]
        if method != "GET" { parts.append("-X \(method)") }
        for (name, value) in headers { parts.append("-H " + quote("\(name): \(redact(value))")) }
        if let body { parts.append("--data-binary " + quote(redact(String(decoding: body, as: UTF8.self)))) }
        parts.append(quote(baseURL + redact(target)))
        return parts.joined(separator: " ")
    }

    /// Single quotes; double quotes where a token placeholder must expand (`export CDEV_S_TOKEN=…` first).
    static func quote(_ text: String) -> String {
        guard text.contains("$CDEV_") else { return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var escaped = ""
        for character in text {
            if "\\\"`$".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped.replacingOccurrences(of: "\\$CDEV_", with: "$CDEV_") + "\""
    }

    /// `cdev_p_…` → `$CDEV_P_TOKEN` (and so on for s, r).
    static func redact(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "cdev_") {
            out += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            if let kind = after.first, "psrc".contains(kind), after.dropFirst().first == "_" {
                out += "$CDEV_\(kind.uppercased())_TOKEN"
                rest = after.dropFirst(2).drop { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            } else {
                out += "cdev_"
                rest = after
            }
        }
        return out + rest
    }
}
