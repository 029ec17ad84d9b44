/// A handle is a DNS name of two or more labels: at most 253 characters, labels of 1–63 of
/// `[A-Za-z0-9-]` without a hyphen at either end, and a last label (TLD) that does not start with a
/// digit (atproto handle spec; case-insensitive, so `XX.LCS.MIT.EDU` is valid).
enum HandleSyntax {
    static let maxLength = 253

    static func check(_ s: [UInt8], format: StringFormat = .handle) throws(SyntaxError) {
        guard s.count <= maxLength else { throw SyntaxError(format, "longer than \(maxLength) characters (\(s.count))") }
        let labels = try DomainLabels.split(s, format: format, what: "label")
        guard labels.count >= 2 else { throw SyntaxError(format, "needs at least two labels separated by '.'") }
        let tld = labels[labels.count - 1]
        if ASCII.isDigit(s[tld.lowerBound]) {
            throw SyntaxError(format, "the last label starts with a digit", at: tld.lowerBound)
        }
    }
}

/// DNS-style labels: 1–63 of `[A-Za-z0-9-]`, no hyphen at either end (handles and NSID authorities).
enum DomainLabels {
    static func split(_ s: [UInt8], format: StringFormat, what: String) throws(SyntaxError) -> [Range<Int>] {
        var labels: [Range<Int>] = []
        var start = 0
        for i in 0...s.count where i == s.count || s[i] == ASCII.dot {
            let label = start..<i
            try checkLabel(s, label, number: labels.count + 1, format: format, what: what)
            labels.append(label)
            start = i + 1
        }
        return labels
    }

    static func checkLabel(_ s: [UInt8], _ label: Range<Int>, number: Int, format: StringFormat, what: String) throws(SyntaxError) {
        guard !label.isEmpty else { throw SyntaxError(format, "\(what) \(number) is empty", at: label.lowerBound) }
        guard label.count <= 63 else { throw SyntaxError(format, "\(what) \(number) is longer than 63 characters", at: label.lowerBound) }
        for i in label where !(ASCII.isAlnum(s[i]) || s[i] == ASCII.hyphen) {
            throw SyntaxError(format, "\(ASCII.show(s[i])) is not allowed in \(what) \(number)", at: i)
        }
        if s[label.lowerBound] == ASCII.hyphen { throw SyntaxError(format, "\(what) \(number) starts with a hyphen", at: label.lowerBound) }
        if s[label.upperBound - 1] == ASCII.hyphen {
            throw SyntaxError(format, "\(what) \(number) ends with a hyphen", at: label.upperBound - 1)
        }
    }
}
