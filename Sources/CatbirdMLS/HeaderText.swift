/// Reading HTTP header values, for the client's error answers and the mock's requests.
extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace): header
    /// values, `--faults` items. Walks UTF-8 bytes: both are ASCII, and a walk over Characters costs a
    /// hundred times more.
    package func trimmingSpaces() -> String {
        let text = Substring(self)
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, isSpace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        return String(text[start..<end])
    }

    /// The media type of a `Content-Type` value: what comes before the first `;`, without the spaces
    /// around it, case kept (empty for an empty value).
    package var mediaType: String { split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingSpaces() }
}
