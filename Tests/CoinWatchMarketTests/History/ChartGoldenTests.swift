@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchCLI
import Foundation
import Testing
@testable import TestHelpers

/// The chart of `show --range` drawn from the real captures, compared whole with the files in
/// `Fixtures/golden/charts/` (several widths and ranges). `RECORD_GOLDEN=1 swift test --filter
/// ChartGoldenTests` rewrites them after a deliberate change; review the diff.
struct ChartGoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var capture: String
        var range: ChartRange
        var width: Int
        var golden: String
        var testDescription: String { golden }
    }

    static let cases: [Case] = [
        Case(capture: "coingecko-market-chart_bitcoin_vs-usd_days-1_5-minutely_2021-05-15.json", range: .d1, width: 80, golden: "bitcoin-1d-80.txt"),
        Case(capture: "binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json", range: .d7, width: 80, golden: "ethusdt-7d-80.txt"),
        Case(capture: "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json", range: .d30, width: 60, golden: "bitcoin-30d-60.txt"),
        Case(capture: "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json", range: .d30, width: 120, golden: "bitcoin-30d-120.txt"),
        Case(capture: "coingecko-market-chart_bitcoin_vs-usd_days-90_interval-daily_2021-05-15.json", range: .d90, width: 72, golden: "bitcoin-90d-72.txt"),
        Case(capture: "coingecko-market-chart_terra-luna_vs-usd_days-max_interval-daily_2022-07-06.json", range: .y1, width: 80, golden: "luna-1y-80.txt"),
        Case(capture: "coingecko-market-chart_terra-luna_vs-usd_days-max_interval-daily_2022-07-06.json", range: .max, width: 100, golden: "luna-max-100.txt"),
    ]

    /// The points a capture gives for `range`: the last `range` of it, one point per row (a candle's close at its end).
    static func points(_ item: Case) throws -> [(time: Int64, price: Double)] {
        let body = try HistoryCaptures.capture(item.capture)
        let isKlines = item.capture.hasPrefix("binance")
        let candles = isKlines ? try HistoryCaptures.binance.decodeHistory(body, timeframe: .h1)
                               : try HistoryCaptures.gecko.decodeHistory(body, timeframe: item.range.timeframe)
        let end = candles.last?.openTime ?? 0
        let start = item.range.milliseconds.map { end - $0 } ?? .min
        return candles.filter { $0.openTime >= start }
            .map { (isKlines ? $0.openTime + 3_600_000 : $0.openTime, $0.close) }
    }

    @Test(arguments: cases) func chartMatchesItsGoldenFile(_ item: Case) throws {
        let text = ShowChart.text(try Self.points(item), range: item.range, vs: "usd", width: item.width, color: ColorPolicy(enabled: false))
        let path = Fixtures.url("golden/charts/" + item.golden)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: Fixtures.url("golden/charts"), withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 14, "a heading, 12 rows and the time labels")
        #expect(lines.allSatisfy { TextCell.width($0) <= item.width })
    }

    @Test func aRiseIsGreenAndAFallRedOnlyWhenColorIsOn() throws {
        let rising: [(time: Int64, price: Double)] = [(0, 1), (3_600_000, 2)]
        let falling: [(time: Int64, price: Double)] = [(0, 2), (3_600_000, 1)]
        let on = ColorPolicy(enabled: true)
        #expect(ShowChart.text(rising, range: .d1, vs: "usd", width: 40, color: on).contains("\u{1B}[32m⠀"))
        #expect(ShowChart.text(falling, range: .d1, vs: "usd", width: 40, color: on).contains("\u{1B}[31m"))
        #expect(!ShowChart.text(rising, range: .d1, vs: "usd", width: 40, color: ColorPolicy(enabled: false)).contains("\u{1B}"))
    }

    @Test func timeLabelsSuitTheRange() throws {
        let hours = ShowChart.text(try Self.points(Self.cases[0]), range: .d1, vs: "usd", width: 80, color: ColorPolicy(enabled: false))
        #expect(hours.split(separator: "\n").last?.contains(":00") == true)
        let months = ShowChart.text(try Self.points(Self.cases[5]), range: .y1, vs: "usd", width: 80, color: ColorPolicy(enabled: false))
        #expect(months.split(separator: "\n").last?.contains("Jan") == false && months.contains("2022"), "a year starts with its number")
        let years = ShowChart.text(try Self.points(Self.cases[6]), range: .max, vs: "usd", width: 100, color: ColorPolicy(enabled: false))
        #expect(years.split(separator: "\n").last?.contains("2020") == true)
    }
}
