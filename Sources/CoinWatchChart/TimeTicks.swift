import CoinWatchSupport

/// The round UTC times a time axis labels (hours up to 2 days, days up to 120, months up to 800, years beyond),
/// at the finest step whose ticks stand at least `gap` pixels apart on a plot `width` pixels wide.
enum TimeTicks {
    /// One labelled time, ms since 1970.
    struct Tick: Equatable {
        var time: Int64
        var label: String
    }

    private static let hour: Int64 = 3_600_000
    private static let day: Int64 = 24 * hour

    /// The ticks strictly after `start` and up to `end` (ms).
    static func ticks(from start: Int64, to end: Int64, width: Double, gap: Double) -> [Tick] {
        let span = max(1, end - start)
        let shortest = Int64((Double(span) * gap / max(1, width)).rounded(.up))
        if span <= 2 * day {
            let step = [1, 2, 3, 4, 6, 12, 24].map { Int64($0) * hour }.first { $0 >= shortest } ?? day
            return every(step, start, end) { clock($0) }
        }
        if span <= 120 * day {
            if let step = [1, 2, 7, 14].map({ Int64($0) * day }).first(where: { $0 >= shortest }) {
                return every(step, start, end) { date($0) }
            }
            return months(1, start, end) { date($0) }
        }
        if span <= 800 * day {
            let count = [1, 2, 3, 6].first { Int64($0) * 30 * day >= shortest } ?? 12
            return months(count, start, end) { month($0) }
        }
        let years = [1, 2, 4, 10, 20].first { Int64($0) * 365 * day >= shortest } ?? 50
        return months(12 * years, start, end) { String(fields($0).year) }
    }

    /// Every multiple of `step` ms after `start` up to `end`.
    private static func every(_ step: Int64, _ start: Int64, _ end: Int64, _ label: (Int64) -> String) -> [Tick] {
        var out: [Tick] = []
        var time = (start / step + 1) * step
        while time <= end {
            out.append(Tick(time: time, label: label(time)))
            time += step
        }
        return out
    }

    /// The first instant of every `count`-th month (counted from January of year 0) after `start` up to `end`.
    private static func months(_ count: Int, _ start: Int64, _ end: Int64, _ label: (Int64) -> String) -> [Tick] {
        let first = fields(start)
        var index = first.year * 12 + first.month  // the month after start's (month is 1-based)
        var out: [Tick] = []
        while true {
            let time = monthStart(year: index / 12, month: index % 12 + 1)
            if time > end { return out }
            if time > start, index % count == 0 { out.append(Tick(time: time, label: label(time))) }
            index += 1
        }
    }

    private static func clock(_ time: Int64) -> String {
        let f = fields(time)
        return pad(f.hour) + ":00"
    }

    private static func date(_ time: Int64) -> String {
        let f = fields(time)
        return TimeText.monthNames[f.month - 1] + " " + String(f.day)
    }

    private static func month(_ time: Int64) -> String {
        let f = fields(time)
        return f.month == 1 ? String(f.year) : TimeText.monthNames[f.month - 1]
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The UTC calendar fields of `time` (ms): year, month 1–12, day 1–31, hour 0–23, minute.
    static func fields(_ time: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        TimeText.utcFields(Double(time) / 1000)
    }

    /// The first instant (ms) of `month` (1–12) of `year`, UTC.
    static func monthStart(year: Int, month: Int) -> Int64 {
        Int64(TimeText.utcMonthStart(year: year, month: month) * 1000)
    }
}
