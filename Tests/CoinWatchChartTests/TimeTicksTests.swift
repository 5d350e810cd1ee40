@testable import CoinWatchChart
import Testing

/// The time axis labels round UTC times suited to the span.
@Suite struct TimeTicksTests {
    static let start: Int64 = 1_618_444_800_000 + 5 * 60_000  // 2021-04-15 00:05 UTC
    static let hour: Int64 = 3_600_000, day = 24 * hour

    @Test func aDayIsLabelledByHours() {
        let ticks = TimeTicks.ticks(from: Self.start, to: Self.start + Self.day, width: 1000, gap: 170)
        #expect(ticks.map(\.label) == ["06:00", "12:00", "18:00", "00:00"])
    }

    @Test func aMonthIsLabelledByDays() {
        let ticks = TimeTicks.ticks(from: Self.start, to: Self.start + 30 * Self.day, width: 1000, gap: 170)
        #expect(ticks.map(\.label) == ["Apr 22", "Apr 29", "May 6", "May 13"])
    }

    @Test func aYearIsLabelledByMonthsWithTheYearAtJanuary() {
        let ticks = TimeTicks.ticks(from: Self.start, to: Self.start + 365 * Self.day, width: 1000, gap: 170)
        #expect(ticks.map(\.label) == ["Jul", "Oct", "2022", "Apr"])
    }

    @Test func yearsAreLabelledByYears() {
        let ticks = TimeTicks.ticks(from: Self.start - 2000 * Self.day, to: Self.start, width: 1000, gap: 170)
        #expect(ticks.map(\.label) == ["2016", "2017", "2018", "2019", "2020", "2021"])
    }

    @Test func calendarFieldsRoundTrip() {
        for (year, month) in [(1970, 1), (2000, 2), (2020, 3), (2021, 12), (1969, 12)] {
            let fields = TimeTicks.fields(TimeTicks.monthStart(year: year, month: month))
            #expect(fields.year == year && fields.month == month && fields.day == 1 && fields.hour == 0)
        }
    }
}
