import WireCore

/// Go's `time.RFC3339` as cdev writes it (spec section 4): seconds only, in the server's local
/// offset (`+07:00`, or `Z` in UTC). Parsing accepts what the cdev-ios client accepts: any offset,
/// with or without fractional seconds.
public enum RFC3339 {
    /// `unixSeconds` written in a zone `offsetSeconds` east of UTC.
    public static func format(unixSeconds: Int64, offsetSeconds: Int) -> String {
        // Proleptic Gregorian arithmetic, as Go's time package: Foundation's Gregorian calendar
        // switches to Julian dates before 1582 (found by FuzzCdevPairingJSON).
        let (days, secondOfDay) = CivilCalendar.dayAndSecond(ofUnixSeconds: unixSeconds + Int64(offsetSeconds))
        let (year, month, day) = civilFromDays(days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var yearText = String(abs(year))
        while yearText.count < 4 { yearText = "0" + yearText }
        if year < 0 { yearText = "-" + yearText }
        let zone: String
        if offsetSeconds == 0 {
            zone = "Z"
        } else {
            let minutes = abs(offsetSeconds) / 60
            zone = (offsetSeconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
        }
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))\(zone)"
    }

    /// Unix seconds (fraction dropped toward the past) of an RFC 3339 date-time, or nil.
    /// Shape: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; `T`/`Z` case-insensitive as RFC 3339 allows.
    public static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var n = 0
            for i in at..<at + count {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard b.count >= 20, let year = digits(0, 4), b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D,
            let day = digits(8, 2), b[10] == 0x54 || b[10] == 0x74, let hour = digits(11, 2), b[13] == 0x3A,
            let minute = digits(14, 2), b[16] == 0x3A, let second = digits(17, 2)
        else { return nil }
        var i = 19
        if i < b.count, b[i] == 0x2E {
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == 0x5A || b[i] == 0x7A {
            i += 1
        } else if b[i] == 0x2B || b[i] == 0x2D, let oh = digits(i + 1, 2), i + 3 < b.count, b[i + 3] == 0x3A,
            let om = digits(i + 4, 2), oh <= 23, om <= 59
        {
            offset = (oh * 60 + om) * 60 * (b[i] == 0x2D ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count, (1...12).contains(month), hour <= 23, minute <= 59, second <= 60,
            day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
    }

    static func daysIn(month: Int, year: Int) -> Int { CivilCalendar.daysIn(month: month, year: year) }
    static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) { CivilCalendar.civilFromDays(days) }
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 { CivilCalendar.daysFromCivil(year: year, month: month, day: day) }
}
