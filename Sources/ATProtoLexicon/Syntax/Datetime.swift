import WireCore

/// An atproto `datetime`: RFC 3339 restricted to what ISO 8601 and WHATWG HTML also accept
/// (atproto Lexicon spec, "datetime"): `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, upper-case `T` and
/// `Z`, seconds required, any number of fraction digits, and not `-00:00`. Fields are range-checked
/// (month, day of that month in that year, hour, minute, second ≤ 59) and the instant may not fall
/// before year 0 once the offset is applied. Never uses Foundation's ISO 8601 parsers.
public struct Datetime: Sendable, Equatable {
    /// The year, 0000–9999.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month.
    public let day: Int
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int
    /// The second, 0–59.
    public let second: Int
    /// The fraction digits as written (may be empty).
    public let fraction: String
    /// The offset from UTC in minutes (0 for `Z`).
    public let offsetMinutes: Int
    /// Whether the zone was written `Z` (rather than `+00:00`).
    public let isZulu: Bool

    /// How much of the grammar to accept.
    public enum Mode: Sendable {
        /// The atproto grammar (the default, and what `atproto.syntax` checks).
        case strict
        /// Also what the reference TypeScript validator's lenient check accepts: no zone (read as
        /// UTC) and no seconds.
        case lenient
    }

    /// The longest datetime accepted (the reference validator's cap).
    public static let maxLength = 64

    /// Parses `text` or throws a `SyntaxError` naming the offending byte.
    public static func parse(_ text: String, mode: Mode = .strict) throws(SyntaxError) -> Datetime {
        try parse(Array(text.utf8), mode: mode)
    }

    static func parse(_ s: [UInt8], mode: Mode = .strict) throws(SyntaxError) -> Datetime {
        guard s.count <= maxLength else { throw SyntaxError(.datetime, "longer than \(maxLength) characters") }
        var i = 0
        func fail(_ reason: String) -> SyntaxError { SyntaxError(.datetime, reason, at: min(i, s.count)) }
        func digits(_ n: Int, _ what: String) throws(SyntaxError) -> Int {
            var value = 0
            for _ in 0..<n {
                guard i < s.count, ASCII.isDigit(s[i]) else { throw fail("expected \(n) digits of the \(what)") }
                value = value * 10 + Int(s[i] - UInt8(ascii: "0"))
                i += 1
            }
            return value
        }
        func literal(_ c: Character, _ what: String) throws(SyntaxError) {
            guard i < s.count, s[i] == c.asciiValue! else { throw fail("expected '\(c)' \(what)") }
            i += 1
        }
        let year = try digits(4, "year")
        try literal("-", "after the year")
        let month = try digits(2, "month")
        try literal("-", "after the month")
        let day = try digits(2, "day")
        try literal("T", "between date and time")
        let hour = try digits(2, "hour")
        try literal(":", "after the hour")
        let minute = try digits(2, "minute")
        var second = 0
        if mode == .strict || (i < s.count && s[i] == ASCII.colon) {
            try literal(":", "after the minute")
            second = try digits(2, "second")
        }
        var fraction = ""
        if i < s.count, s[i] == ASCII.dot {
            i += 1
            let start = i
            while i < s.count, ASCII.isDigit(s[i]) { i += 1 }
            guard i > start else { throw fail("expected a digit after '.'") }
            fraction = String(decoding: s[start..<i], as: UTF8.self)
        }
        var offset = 0
        var zulu = false
        if i < s.count, s[i] == UInt8(ascii: "Z") {
            zulu = true
            i += 1
        } else if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
            let sign = s[i] == UInt8(ascii: "-") ? -1 : 1
            let signAt = i
            i += 1
            let hours = try digits(2, "zone hour")
            try literal(":", "in the zone")
            let minutes = try digits(2, "zone minute")
            guard hours <= 23, minutes <= 59 else { throw SyntaxError(.datetime, "zone offset out of range", at: signAt) }
            if sign < 0, hours == 0, minutes == 0 { throw SyntaxError(.datetime, "\"-00:00\" is not allowed", at: signAt) }
            offset = sign * (hours * 60 + minutes)
        } else if mode == .strict || i < s.count {
            throw fail("expected 'Z' or a '+hh:mm'/'-hh:mm' zone")
        } else {
            zulu = true
        }
        guard i == s.count else { throw fail("unexpected characters after the zone") }
        guard (1...12).contains(month) else { throw SyntaxError(.datetime, "month \(month) is out of range", at: 5) }
        guard day >= 1, day <= daysIn(month: month, year: year) else {
            throw SyntaxError(.datetime, "day \(day) is out of range for \(year)-\(month)", at: 8)
        }
        guard hour <= 23 else { throw SyntaxError(.datetime, "hour \(hour) is out of range", at: 11) }
        guard minute <= 59 else { throw SyntaxError(.datetime, "minute \(minute) is out of range", at: 14) }
        guard second <= 59 else { throw SyntaxError(.datetime, "second \(second) is out of range (no leap seconds)", at: 17) }
        if year == 0, offset > 0, month == 1, day == 1, hour * 60 + minute < offset {
            throw SyntaxError(.datetime, "the instant falls before year 0 once the offset is applied", at: 0)
        }
        return Datetime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
            offsetMinutes: offset, isZulu: zulu)
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilCalendar.daysIn(month: month, year: year) }

    /// Seconds since 1970-01-01T00:00:00Z (the fraction dropped).
    public var unixSeconds: Int64 {
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
    }

    /// The preferred form this project writes: UTC with exactly three fraction digits,
    /// `YYYY-MM-DDTHH:MM:SS.sssZ`.
    public static func format(unixMilliseconds ms: Int64) -> String {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let millis = ms - seconds * 1000
        let (days, second) = CivilCalendar.dayAndSecond(ofUnixSeconds: seconds)
        let secondOfDay = Int64(second)
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        func pad(_ v: Int64, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(Int64(y), 4))-\(pad(Int64(m), 2))-\(pad(Int64(d), 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):"
            + "\(pad(secondOfDay % 60, 2)).\(pad(millis, 3))Z"
    }
}
