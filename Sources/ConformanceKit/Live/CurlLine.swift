/// The `curl` reproducer of a live check (reports/README.md): the same method, headers and body, with
/// every cdev token replaced by a placeholder, since reports are shared and tokens are secrets.
enum CurlLine {
    static func make(baseURL: String, method: String, target: String, headers: [(String, String)], body: [UInt8]?) -> String {
        var parts = ["curl -sS -i"]
        var source = ""
        var note = ""
        if method != "GET" { parts.append("-X \(method)") }
        for (name, value) in headers { parts.append("-H " + quote("\(name): \(redact(value))")) }
        if let body, body.count <= largestInlineBody {
            parts.append("--data-binary " + quote(redact(String(decoding: body, as: UTF8.self))))
        } else if let body, let byte = body.first, body.allSatisfy({ $0 == byte }) {
            // A large body of one repeated byte (a size limit check) is made by the shell, not written out.
            source = "head -c \(body.count) /dev/zero | " + (byte == 0 ? "" : "tr '\\000' '\\\(String(byte, radix: 8))' | ")
            parts.append("--data-binary @-")
        } else if let body {
            parts.append("--data-binary @body.bin")
            note = "  # body.bin: the \(body.count)-byte body, too long to write here"
        }
        parts.append(quote(baseURL + redact(target)))
        return source + parts.joined(separator: " ") + note
    }

    /// Bodies up to this many bytes are written into the line; a longer one would make the report unreadable.
    static let largestInlineBody = 4096

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
