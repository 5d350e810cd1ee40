import Glibc

/// Formats instants (seconds since 1970) for records and people.
package enum TimeText {
    /// ISO-8601 UTC with seconds (`2026-11-29T12:00:00Z`); outside 1970…9999 or not finite: the nearest end.
    package static func iso(_ seconds: Double) -> String {
        dateAndTime(fields(clampedInstant(seconds), local: false), separator: "T") + "Z"
    }

    /// A mail `Date` header (RFC 5322), in UTC: `Tue, 01 Dec 2026 19:05:00 +0000`.
    package static func mailDate(_ seconds: Double) -> String {
        let parts = fields(seconds.rounded(.down), local: false)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return "\(days[Int(parts.tm_wday) % 7]), \(pad(Int(parts.tm_mday))) \(monthNames[Int(parts.tm_mon) % 12]) "
            + "\(pad(Int(parts.tm_year) + 1900, 4)) \(pad(Int(parts.tm_hour))):\(pad(Int(parts.tm_min))):\(pad(Int(parts.tm_sec))) +0000"
    }

    /// `16:39 UTC` (or `2026-11-29 16:39 UTC` with `withDate`); with `local`, in the local zone (`TZ`) and its abbreviation.
    package static func clock(_ seconds: Double, local: Bool, withDate: Bool = false) -> String {
        let parts = fields(seconds.rounded(.down), local: local)
        let zone = local ? (parts.tm_zone.map { String(cString: $0) } ?? "local") : "UTC"
        let date = withDate ? "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1))-\(pad(Int(parts.tm_mday))) " : ""
        return date + "\(pad(Int(parts.tm_hour))):\(pad(Int(parts.tm_min))) " + zone
    }

    /// A local date and time to the second (`TZ` honoured), as a log line starts: `2026-11-29 17:39:05`.
    package static func localStamp(_ seconds: Double) -> String {
        dateAndTime(fields(clampedInstant(seconds), local: true), separator: " ")
    }

    /// The broken-down time of whole `seconds` since 1970, in UTC or in the local zone (`TZ`).
    private static func fields(_ seconds: Double, local: Bool) -> tm {
        var t = time_t(seconds)
        var parts = tm()
        if local { localtime_r(&t, &parts) } else { gmtime_r(&t, &parts) }
        return parts
    }

    /// `2026-11-29<separator>17:39:05` from broken-down time.
    private static func dateAndTime(_ parts: tm, separator: String) -> String {
        "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1))-\(pad(Int(parts.tm_mday)))"
            + separator + "\(pad(Int(parts.tm_hour))):\(pad(Int(parts.tm_min))):\(pad(Int(parts.tm_sec)))"
    }

    /// Compact UTC stamp for file names: `20261129T120000Z`.
    package static func compact(_ seconds: Double) -> String {
        iso(seconds).replacing("-", with: "").replacing(":", with: "")
    }

    /// The UTC calendar fields of an instant: year, month 1–12, day, hour, minute.
    package static func utcFields(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let parts = fields(seconds.rounded(.down), local: false)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min))
    }

    /// Seconds since 1970 of 00:00 UTC on the first of `month` (1–12; past 12 rolls into later years) in `year`.
    package static func utcMonthStart(year: Int, month: Int) -> Double {
        var parts = tm()
        parts.tm_year = Int32(year - 1900 + (month - 1) / 12)
        parts.tm_mon = Int32((month - 1) % 12)
        parts.tm_mday = 1
        return Double(timegm(&parts))
    }

    /// English month abbreviations, January first.
    package static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Minutes since local midnight (TZ honoured) of an instant.
    package static func localMinuteOfDay(_ seconds: Double) -> Int {
        let parts = fields(clampedInstant(seconds), local: true)
        return Int(parts.tm_hour) * 60 + Int(parts.tm_min)
    }

    /// `seconds` rounded down into 0…9999-12-31T23:59:59Z (0 when not finite): safe for `time_t`.
    static func clampedInstant(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return 0 }
        return min(max(seconds.rounded(.down), 0), 253_402_300_799)
    }

    /// A duration in seconds as the shortest `1h30m` form (negative or not finite: `0s`; capped at 1e15 s).
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0s" }
        var rest = Int(min(seconds, 1e15).rounded())
        if rest == 0 { return "0s" }
        var out = ""
        for (unit, size) in [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            out += "\(rest / size)\(unit)"
            rest %= size
        }
        return out
    }

    /// Minutes since midnight as `07:00`.
    package static func clock(minutes: Int) -> String {
        "\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
