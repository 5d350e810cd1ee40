/// The round UTC times a time axis labels, for the terminal chart (`LineChart`) and the image charts alike:
/// hours (`06:00`) up to 2 days, days (`Apr 2`) up to 120, months (`Sep`, a January by its year) up to 800,
/// years (`2022`) beyond, at the finest step the axis has room for.
package enum TimeTicks {
    /// One labelled time, ms since 1970.
    package struct Tick: Equatable, Sendable {
        package var time: Int64
        package var label: String
    }

    private typealias Step = (_ start: Int64, _ end: Int64) -> [Tick]

    private static let hour: Int64 = 3_600_000, day = 24 * hour

    /// The ticks strictly after `start` and up to `end` (ms) of the finest step whose ticks `fits` takes, else of the
    /// coarsest step.
    package static func ticks(from start: Int64, to end: Int64, fits: ([Tick]) -> Bool) -> [Tick] {
        let span = max(1, end - start)
        let steps: [Step]
        if span <= 2 * day {
            steps = [1, 2, 3, 4, 6, 12].map { every(Int64($0) * hour, clock) } + [every(day, date)]
        } else if span <= 120 * day {
            steps = [1, 2, 7, 14].map { every(Int64($0) * day, date) } + [months(1, date)]
        } else if span <= 800 * day {
            steps = [1, 2, 3, 6, 12].map { months($0, month) }
        } else {
            steps = [1, 2, 4, 10, 20, 50].map { months(12 * $0, month) }
        }
        var ticks: [Tick] = []
        for step in steps {
            ticks = step(start, end)
            if fits(ticks) { break }
        }
        return ticks
    }

    /// Every multiple of `step` ms.
    private static func every(_ step: Int64, _ label: @escaping (Int64) -> String) -> Step {
        { start, end in stride(from: (start / step + 1) * step, through: end, by: Int64.Stride(step)).map { Tick(time: $0, label: label($0)) } }
    }

    /// The first instant of every `count`-th month, counted from January of year 0.
    private static func months(_ count: Int, _ label: @escaping (Int64) -> String) -> Step {
        { start, end in
            let first = fields(start)
            var index = first.year * 12 + first.month  // the month after start's (month is 1-based)
            var out: [Tick] = []
            while true {
                let time = Int64(TimeText.utcMonthStart(year: index / 12, month: index % 12 + 1) * 1000)
                if time > end { return out }
                if index % count == 0 { out.append(Tick(time: time, label: label(time))) }
                index += 1
            }
        }
    }

    private static func fields(_ time: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        TimeText.utcFields(Double(time) / 1000)
    }

    private static func clock(_ time: Int64) -> String { let hour = fields(time).hour; return (hour < 10 ? "0" : "") + "\(hour):00" }
    private static func date(_ time: Int64) -> String { let f = fields(time); return TimeText.monthNames[f.month - 1] + " \(f.day)" }
    private static func month(_ time: Int64) -> String { let f = fields(time); return f.month == 1 ? "\(f.year)" : TimeText.monthNames[f.month - 1] }
}
