/// A second, independent check of the atproto datetime, written as data: the grammar below is
/// matched by a small backtracking interpreter and the field ranges are checked with a month table
/// rather than arithmetic. It exists to be compared with `Datetime.parse` (the fuzz target
/// `FuzzATProtoSyntax` and a unit test feed both the same inputs); it is not used to read values.
public enum DatetimeGrammar {
    /// A grammar node. A class tree rather than an indirect enum: the rule is a global, and an enum's
    /// payload pointers carry tag bits that LeakSanitizer does not follow (it reported the grammar as
    /// leaked in the fuzz target).
    final class Rule: Sendable {
        enum Kind: Sendable { case digit, char(UInt8), sequence, choice, optional, oneOrMore, field(Field) }
        let kind: Kind
        let children: [Rule]

        init(_ kind: Kind, _ children: [Rule] = []) {
            self.kind = kind
            self.children = children
        }
    }

    /// The fields a match captures.
    enum Field: Sendable, Hashable { case year, month, day, hour, minute, second, sign, offsetHour, offsetMinute }

    static func d(_ n: Int) -> Rule { Rule(.sequence, Array(repeating: Rule(.digit), count: n)) }
    static func c(_ s: String) -> Rule { Rule(.sequence, s.utf8.map { Rule(.char($0)) }) }
    static func field(_ f: Field, _ rule: Rule) -> Rule { Rule(.field(f), [rule]) }

    /// date-time = full-date "T" partial-time time-offset, RFC 3339 section 5.6, with seconds
    /// required, upper-case "T"/"Z" and a numeric offset of the form "+hh:mm".
    static let dateTime = Rule(
        .sequence,
        [
            field(.year, d(4)), c("-"), field(.month, d(2)), c("-"), field(.day, d(2)), c("T"),
            field(.hour, d(2)), c(":"), field(.minute, d(2)), c(":"), field(.second, d(2)),
            Rule(.optional, [Rule(.sequence, [c("."), Rule(.oneOrMore, [Rule(.digit)])])]),
            Rule(
                .choice,
                [
                    c("Z"),
                    Rule(
                        .sequence,
                        [field(.sign, Rule(.choice, [c("+"), c("-")])), field(.offsetHour, d(2)), c(":"), field(.offsetMinute, d(2))]),
                ]),
        ])

    /// Whether `text` is an atproto datetime by this implementation's reading.
    public static func accepts(_ text: String) -> Bool {
        let s = Array(text.utf8)
        guard s.count <= 64 else { return false }
        var fields: [Field: [UInt8]] = [:]
        guard match(dateTime, s, 0, &fields).contains(s.count) else { return false }
        func number(_ name: Field) -> Int { fields[name].map { Int(String(decoding: $0, as: UTF8.self)) ?? -1 } ?? 0 }
        let year = number(.year)
        let month = number(.month)
        let day = number(.day)
        let monthLengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...monthLengths[month - 1]).contains(day) else { return false }
        guard number(.hour) < 24, number(.minute) < 60, number(.second) < 60 else { return false }
        let sign = fields[.sign] ?? []
        let offset = number(.offsetHour) * 60 + number(.offsetMinute)
        guard number(.offsetHour) < 24, number(.offsetMinute) < 60 else { return false }
        if sign == Array("-".utf8), offset == 0 { return false }
        // Year 0, January 1st, before the (positive) offset: the UTC instant is in year -1.
        if sign == Array("+".utf8), year == 0, month == 1, day == 1, number(.hour) * 60 + number(.minute) < offset { return false }
        return true
    }

    static func isLeap(_ year: Int) -> Bool { year % 400 == 0 || (year % 4 == 0 && year % 100 != 0) }

    /// Every end position reachable by matching `rule` at `start` (the last captures win).
    /// The end positions once each, in increasing order (the lists hold a handful of entries).
    static func unique(_ ends: [Int]) -> [Int] {
        var out: [Int] = []
        for end in ends.sorted() where out.last != end { out.append(end) }
        return out
    }

    static func match(_ rule: Rule, _ s: [UInt8], _ start: Int, _ fields: inout [Field: [UInt8]]) -> [Int] {
        switch rule.kind {
        case .digit:
            return start < s.count && ASCII.isDigit(s[start]) ? [start + 1] : []
        case .char(let b):
            return start < s.count && s[start] == b ? [start + 1] : []
        case .sequence:
            var ends = [start]
            for r in rule.children {
                var next: [Int] = []
                for e in ends { next += match(r, s, e, &fields) }
                ends = unique(next)
                if ends.isEmpty { return [] }
            }
            return ends
        case .choice:
            return unique(rule.children.flatMap { match($0, s, start, &fields) })
        case .optional:
            return unique([start] + match(rule.children[0], s, start, &fields))
        case .oneOrMore:
            var ends = match(rule.children[0], s, start, &fields)
            var frontier = ends
            while !frontier.isEmpty {
                let next = frontier.flatMap { match(rule.children[0], s, $0, &fields) }.filter { !ends.contains($0) }
                ends += next
                frontier = next
            }
            return ends.sorted()
        case .field(let name):
            let ends = match(rule.children[0], s, start, &fields)
            if let end = ends.last { fields[name] = Array(s[start..<end]) }
            return ends
        }
    }
}
