@testable import CoinWatchSupport
import Testing

/// The time axis labels round UTC times suited to the span, alike on the terminal and in the images.
@Suite struct TimeTicksTests {
    static let start: Int64 = 1_618_444_800_000 + 5 * 60_000  // 2021-04-15 00:05 UTC
    static let hour: Int64 = 3_600_000, day = 24 * hour

    /// The labels of the finest step whose ticks stand at least `gap` pixels apart on a plot `width` pixels wide
    /// (the images' rule).
    func labels(_ start: Int64, _ end: Int64, width: Double = 1000, gap: Double = 170) -> [String] {
        let x = { (time: Int64) in Double(time - start) / Double(end - start) * width }
        return TimeTicks.ticks(from: start, to: end) { ticks in
            zip(ticks, ticks.dropFirst()).allSatisfy { x($1.time) - x($0.time) >= gap }
        }.map(\.label)
    }

    @Test func aDayIsLabelledByHours() {
        #expect(labels(Self.start, Self.start + Self.day) == ["06:00", "12:00", "18:00", "00:00"])
    }

    @Test func twoDaysWithoutRoomForHoursAreLabelledByDate() {
        #expect(labels(Self.start, Self.start + 2 * Self.day, width: 400) == ["Apr 16", "Apr 17"])
    }

    @Test func aMonthIsLabelledByDaysWithoutALeadingZero() {
        #expect(labels(Self.start, Self.start + 30 * Self.day) == ["Apr 22", "Apr 29", "May 6", "May 13"])
    }

    @Test func aYearIsLabelledByMonthsWithTheYearAtJanuary() {
        #expect(labels(Self.start, Self.start + 365 * Self.day) == ["Jul", "Oct", "2022", "Apr"])
    }

    @Test func yearsAreLabelledByYearsCountedFromYearZero() {
        #expect(labels(Self.start - 2000 * Self.day, Self.start) == ["2016", "2017", "2018", "2019", "2020", "2021"])
        #expect(labels(Self.start - 2000 * Self.day, Self.start, width: 500) == ["2016", "2018", "2020"])
    }

    @Test func whenNoStepFitsTheCoarsestIsGiven() {
        #expect(TimeTicks.ticks(from: Self.start, to: Self.start + 2 * Self.day) { _ in false }.map(\.label) == ["Apr 16", "Apr 17"])
    }

    /// The terminal chart places the same labels by columns: the finest step whose labels do not overlap.
    @Test func theTerminalChartLabelsFromTheSameLadder() {
        let chart = LineChart(points: [], width: 80, format: { "\($0)" })
        #expect(chart.timeAxis(from: Self.start, to: Self.start + 30 * Self.day, columns: 60) == "             Apr 22        Apr 29        May 6")
        #expect(chart.timeAxis(from: Self.start, to: Self.start + 2 * Self.day, columns: 20) == "         Apr 16")
        #expect(chart.timeAxis(from: Self.start, to: Self.start + Self.day, columns: 3) == "")
    }
}
