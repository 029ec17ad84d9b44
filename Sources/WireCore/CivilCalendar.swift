/// The proleptic Gregorian calendar as day counts since 1970-01-01 (Howard Hinnant's civil
/// algorithms), shared by the timestamp parsers (cdev's RFC 3339, atproto's datetime): exact for any
/// year, no Foundation calendar involved.
public enum CivilCalendar {
    /// Days in `month` (1–12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a date.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day since 1970-01-01 that Unix second `seconds` falls on, and the second within that day.
    /// The day is floored, so a second before 1970 belongs to the day before, not the day after.
    public static func dayAndSecond(ofUnixSeconds seconds: Int64) -> (days: Int64, secondOfDay: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, Int(seconds - days * 86_400))
    }

    /// The date of a day count since 1970-01-01 (inverse of `daysFromCivil`).
    public static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}
