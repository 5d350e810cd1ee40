import FoundationEssentials
import Glibc

/// ISO-8601 instants as `expires` writes them, local time (`TZ`) without an offset: `2026-12-31T23:59:00Z`,
/// `2026-12-31T23:59:00+09:00` (or `+0900`), `2026-12-31T23:59`, `2026-12-31T23:59:00.5`, `2026-12-31` (midnight);
/// also the providers' dates (`2021-05-15T16:00:12.345Z`, `2021-05-15T15:55:48+00:00`), which, being data we did
/// not write, may also have an hour-only offset (`+02`) and a year before 1970.
package enum DateTimeParser {
    /// The accepted forms, for error messages.
    package static let hint = "expected an ISO-8601 time like 2026-12-31T23:59:00Z, 2026-12-31T23:59:00+09:00, 2026-12-31T23:59 (local) or 2026-12-31"

    /// The accepted forms as a regular expression (rules.schema.json): years from 1970, days up to the month's most
    /// (29 February in a common year is left to `parse`), times 00:00:00-23:59:59, offsets -23:59 to +23:59.
    package static let pattern = "^(?:19[7-9][0-9]|[2-9][0-9]{3})-"
        + "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|[12][0-9]))"
        + "(?:[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:[.,][0-9]+)?)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])?)?$"

    /// The fields read from the text before conversion.
    struct Fields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var fraction = 0.0
        /// Seconds east of UTC, or nil for local time.
        var offset: Int?
    }

    /// What a time without `Z` or an offset names: local time (`TZ`, as a user writes it), UTC (Upbit's candle
    /// times), or none (a provider's instant carries its offset). The two provider modes also take every offset
    /// ISO 8601 allows (`+hh` too) and any year; a user's time keeps the forms `hint` and `pattern` give.
    package enum Unzoned: Sendable { case local, utc, refused }

    /// Parses `text` into an instant, or nil when it is not one of the accepted forms or names no real time.
    package static func parse(_ text: String, unzoned: Unzoned = .local) -> Date? {
        let provider = unzoned != .local
        guard var fields = fields(of: Array(text.utf8), provider: provider), isValid(fields, provider: provider),
              fields.offset != nil || unzoned != .refused else { return nil }
        if unzoned == .utc { fields.offset = fields.offset ?? 0 }
        var parts = tm()
        parts.tm_year = Int32(fields.year - 1900)
        parts.tm_mon = Int32(fields.month - 1)
        parts.tm_mday = Int32(fields.day)
        parts.tm_hour = Int32(fields.hour)
        parts.tm_min = Int32(fields.minute)
        parts.tm_sec = Int32(fields.second)
        let seconds: time_t
        if let offset = fields.offset {
            seconds = timegm(&parts) - time_t(offset)
        } else {
            parts.tm_isdst = -1
            seconds = mktime(&parts)
            if seconds == -1 { return nil }
        }
        return Date(timeIntervalSince1970: Double(seconds) + fields.fraction)
    }

    /// Reads the fields of one of the accepted forms (`provider`: an offset may be hours alone).
    static func fields(of bytes: [UInt8], provider: Bool = false) -> Fields? {
        var reader = DigitReader(bytes: bytes)
        var result = Fields()
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
              let day = reader.number(2) else { return nil }
        (result.year, result.month, result.day) = (year, month, day)
        if reader.atEnd { return result }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2) else { return nil }
        (result.hour, result.minute) = (hour, minute)
        if reader.skip(":") {
            guard let second = reader.number(2) else { return nil }
            result.second = second
            if reader.skip(".") || reader.skip(",") {
                guard let fraction = reader.fraction() else { return nil }
                result.fraction = fraction
            }
        }
        if reader.atEnd { return result }
        if reader.skip("Z") || reader.skip("z") {
            result.offset = 0
        } else {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let hours = reader.number(2) else { return nil }
            var minutes: Int? = 0
            if !(provider && reader.atEnd) {
                _ = reader.skip(":")
                minutes = reader.number(2)
            }
            guard let minutes, hours <= 23, minutes <= 59 else { return nil }
            result.offset = sign * (hours * 3_600 + minutes * 60)
        }
        return reader.atEnd ? result : nil
    }

    /// Whether the fields name a real calendar day and time of day (a user's from 1970, a `provider`'s of any year).
    static func isValid(_ fields: Fields, provider: Bool = false) -> Bool {
        guard (1...12).contains(fields.month), provider || fields.year >= 1970, fields.hour <= 23, fields.minute <= 59,
              fields.second <= 59 else { return false }
        let leap = fields.year % 4 == 0 && (fields.year % 100 != 0 || fields.year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[fields.month - 1]).contains(fields.day)
    }
}
