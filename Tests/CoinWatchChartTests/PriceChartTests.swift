@testable import CoinWatchChart
import Foundation
import Testing

/// The chart image (SPEC §12): what the picture must show, read back from the PNG.
@Suite struct PriceChartTests {
    /// 30 days of hourly points from 60,000 falling to 48,000 with a wave, from 2021-04-15 UTC.
    static func month(rising: Bool = false) -> [(time: Int64, price: Double)] {
        let start: Int64 = 1_618_444_800_000
        return (0..<720).map { hour in
            let trend = rising ? 48_000 + 12_000 * Double(hour) / 719 : 60_000 - 12_000 * Double(hour) / 719
            return (start + Int64(hour) * 3_600_000, trend + 1_500 * sin(Double(hour) / 30))
        }
    }

    /// `$63,604.38`: two decimals, thousands grouped.
    static let dollars: @Sendable (Double) -> String = { value in
        let cents = Int((abs(value) * 100).rounded())
        var whole = String(cents / 100)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        let fraction = cents % 100
        return (value < 0 ? "-$" : "$") + whole + grouped + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    static func chart(rising: Bool = false, thresholds: [Double] = [55_000],
                      marker: (time: Int64, price: Double)? = nil) -> PriceChart {
        PriceChart(points: month(rising: rising), pair: "BTC/USD", range: "30d", format: dollars,
                   thresholds: thresholds, marker: marker)
    }

    static let fallColor: UInt32 = 0xCF222E, riseColor: UInt32 = 0x1A7F37
    static let gridColor: UInt32 = 0xD8DEE4, thresholdColor: UInt32 = 0xBC4C00, markerColor: UInt32 = 0x0969DA
    static let hour: Int64 = 3_600_000

    /// The runs of consecutive numbers in `values` (sorted).
    static func runs(_ values: [Int]) -> [[Int]] {
        var runs: [[Int]] = []
        for value in values {
            if let last = runs.last?.last, value == last + 1 { runs[runs.count - 1].append(value) } else { runs.append([value]) }
        }
        return runs
    }

    /// The middle of each run of consecutive numbers in `values` (sorted).
    static func centers(_ values: [Int]) -> [Double] {
        runs(values).map { Double(($0.first ?? 0) + ($0.last ?? 0)) / 2 }
    }

    /// The rows of the horizontal gridlines at column `x` (a column with no line or fill under it).
    static func gridRows(_ image: DecodedPNG, x: Int) -> [Double] {
        centers(image.rows(x: x, from: 140, to: 640, near: gridColor, tolerance: 12))
    }

    /// The columns of the vertical gridlines along row `y`.
    static func gridColumns(_ image: DecodedPNG, y: Int) -> [Double] {
        centers((0..<image.width).filter { image[$0, y].near(gridColor, tolerance: 12) })
    }

    @Test func theImageIs1280By720() throws {
        let image = try DecodedPNG(try Self.chart().png().get())
        #expect(image.width == 1280 && image.height == 720)
    }

    /// The first and the last pixels of the image (where PNGEncoder's rows and runs start and end),
    /// background in the drawing, come out exactly white.
    @Test func theCornersAreTheBackground() throws {
        let image = try DecodedPNG(try Self.chart().png().get())
        for (x, y) in [(0, 0), (1279, 0), (0, 719), (1279, 719)] {
            #expect(image[x, y] == DecodedPNG.Pixel(red: 255, green: 255, blue: 255), "(\(x), \(y)): \(image[x, y])")
        }
    }

    /// The threshold 57,500 is drawn halfway between the 60,000 and 55,000 gridlines, dashed across the plot.
    @Test func theThresholdLineStandsAtItsPrice() throws {
        let image = try DecodedPNG(try Self.chart(thresholds: [57_500]).png().get())
        // Column 40 lies in the first dash of the threshold line and left of every time gridline;
        // the price gridlines there are under the light fill, hence the looser tolerance.
        let threshold = Self.centers(image.rows(x: 40, from: 140, to: 640, near: Self.thresholdColor))
        let grid = Self.centers(image.rows(x: 40, from: 140, to: 640, near: Self.gridColor, tolerance: 30))
        #expect(grid.count == 3, "the 60,000, 55,000 and 50,000 gridlines: \(grid)")
        #expect(threshold.count == 1, "one threshold line: \(threshold)")
        guard grid.count == 3, let line = threshold.first else { return }
        #expect(abs(line - (grid[0] + grid[1]) / 2) <= 1.5, "57,500 halfway between 60,000 and 55,000: \(line) vs \(grid)")
        let dashes = (36..<900).filter { image[$0, Int(line.rounded())].near(Self.thresholdColor) }.count
        #expect(dashes > 450, "dashed across the plot: \(dashes) pixels")
    }

    /// A range rule's chart shows both edges: 57,500 and 52,500, each halfway between its gridlines.
    @Test func aRangesTwoEdgesStandAtTheirPrices() throws {
        let image = try DecodedPNG(try Self.chart(thresholds: [52_500, 57_500]).png().get())
        let lines = Self.centers(image.rows(x: 40, from: 140, to: 640, near: Self.thresholdColor))
        let grid = Self.centers(image.rows(x: 40, from: 140, to: 640, near: Self.gridColor, tolerance: 30))
        #expect(grid.count == 3 && lines.count == 2, "gridlines \(grid), lines \(lines)")
        guard grid.count == 3, lines.count == 2 else { return }
        #expect(abs(lines[0] - (grid[0] + grid[1]) / 2) <= 1.5, "57,500: \(lines[0]) vs \(grid)")
        #expect(abs(lines[1] - (grid[1] + grid[2]) / 2) <= 1.5, "52,500: \(lines[1]) vs \(grid)")
    }

    /// The alert's marker sits at its moment (500 hours in) and its price, read against the time
    /// gridlines (midnights: Apr 22 is hour 168, Apr 29 hour 336) and the price gridlines (60,000
    /// and 55,000 the first two from the top).
    @Test func theMarkerStandsAtTheAlertsMomentAndPrice() throws {
        let points = Self.month()
        let marker = points[500]
        let image = try DecodedPNG(try Self.chart(thresholds: [], marker: marker).png().get())
        let columns = Self.gridColumns(image, y: 150)
        #expect(columns.count == 4, "Apr 22, Apr 29, May 6, May 13: \(columns)")
        let dots = (0..<image.height).flatMap { y in (0..<image.width).filter { image[$0, y].near(Self.markerColor) }.map { (x: $0, y: y) } }
        #expect((200...300).contains(dots.count), "one dot of radius 9: \(dots.count) pixels")
        let grid = Self.gridRows(image, x: 1000)
        #expect(grid.count == 3, "60,000, 55,000, 50,000: \(grid)")
        guard columns.count >= 2, grid.count >= 2, !dots.isEmpty else { return }
        let x = Double(dots.map(\.x).reduce(0, +)) / Double(dots.count), y = Double(dots.map(\.y).reduce(0, +)) / Double(dots.count)
        let perHour = (columns[1] - columns[0]) / 168
        #expect(abs(x - (columns[0] + (500 - 168) * perHour)) <= 1.5, "at hour 500: \(x)")
        let expectedY = grid[0] + (60_000 - marker.price) / 5_000 * (grid[1] - grid[0])
        #expect(abs(y - expectedY) <= 1.5, "at \(marker.price): \(y) vs \(expectedY)")
    }

    /// A fall is drawn red with no green; a rise green with no red; either way a line heavier than
    /// the grid fills a good part of the image.
    @Test func theLineIsColoredByDirection() throws {
        let falling = try DecodedPNG(try Self.chart(thresholds: []).png().get())
        let rising = try DecodedPNG(try Self.chart(rising: true, thresholds: []).png().get())
        #expect(falling.count(near: Self.fallColor, tolerance: 8) > 5_000)
        #expect(falling.count(near: Self.riseColor, tolerance: 40) == 0)
        #expect(rising.count(near: Self.riseColor, tolerance: 8) > 5_000)
        #expect(rising.count(near: Self.fallColor, tolerance: 40) == 0)
        let given = try DecodedPNG(try PriceChart(points: Self.month(), pair: "BTC/USD", range: "30d", format: Self.dollars,
                                                  direction: .up).png().get())
        #expect(given.count(near: Self.riseColor, tolerance: 8) > 5_000, "a direction given wins over the points'")
        // The change over the range (top right, under the last price) keeps its own sign's color.
        let header = (900..<1244).flatMap { x in (95..<125).map { given[x, $0] } }
        #expect(header.contains { $0.near(Self.fallColor, tolerance: 8) } && !header.contains { $0.near(Self.riseColor, tolerance: 40) },
                "▼ in red beside a line drawn green")
    }

    /// The data line is heavier than the gridlines: where it runs flat (its peak at hour 47), it
    /// covers more rows of a column than any gridline does.
    @Test func theDataLineIsHeavierThanTheGrid() throws {
        let image = try DecodedPNG(try Self.chart(thresholds: []).png().get())
        let columns = Self.gridColumns(image, y: 150)
        guard columns.count >= 2 else { Issue.record("no time gridlines: \(columns)"); return }
        let x = Int((columns[0] - (168 - 47) * (columns[1] - columns[0]) / 168).rounded())
        let line = image.rows(x: x, from: 140, to: 640, near: Self.fallColor, tolerance: 40)
        let grid = image.rows(x: 1000, from: 140, to: 640, near: Self.gridColor, tolerance: 12)
        let widest = Self.runs(grid).map(\.count).max() ?? 0
        #expect(widest >= 1 && widest <= 2, "gridlines are 1-2 pixels: \(grid)")
        #expect(Self.runs(line).count == 1 && line.count >= 2 * widest, "the line is at least twice as heavy: \(line)")
    }

    /// Prices falling from 1e300 to 1e-300: the scale draws the threshold 1 and the last price at one height, and the
    /// threshold's tag still shows, beside the last price's instead of under it.
    @Test func aThresholdTagShowsWhereTheScaleDrawsItAtTheLastPrice() throws {
        let points = Self.month().enumerated().map { ($0.element.time, pow(10, 300 - 600 * Double($0.offset) / 719)) }
        let chart = PriceChart(points: points, pair: "BTC/USD", range: "30d", format: { "$\($0)" }, thresholds: [1])
        let image = try DecodedPNG(try chart.png().get())
        // The line lies under the price line; what shows in the threshold's color is its tag.
        let tag = (0..<image.height).reduce(0) { count, y in count + (0..<image.width).count { image[$0, y].near(Self.thresholdColor) } }
        #expect(tag > 2_000, "the threshold's tag: \(tag) pixels")
    }

    /// What `format` was asked to write.
    final class Labels: @unchecked Sendable {
        private let lock = NSLock()
        private var written: [String] = []
        var all: [String] { lock.withLock { written } }

        func format(_ price: Double) -> String { lock.withLock { written.append("$\(price)") }; return "$\(price)" }
    }

    /// Prices from -1.7e308 to 1.7e308, whose span no Double holds: the threshold's tag and the last price's show, the
    /// axis is labelled at round prices, and nothing drawn reads inf or nan (the header leaves such a change out).
    @Test func pricesSpanningEveryFiniteDoubleKeepTheirTagsAndRoundLabels() throws {
        let labels = Labels()
        let points = Self.month(rising: true).enumerated().map { ($0.element.time, (Double($0.offset) / 719 * 2 - 1) * 1.7e308) }
        let chart = PriceChart(points: points, pair: "BTC/USD", range: "30d", format: labels.format, thresholds: [1])
        let image = try DecodedPNG(try chart.png().get())
        let tag = (0..<image.height).reduce(0) { count, y in count + (0..<image.width).count { image[$0, y].near(Self.thresholdColor) } }
        #expect(tag > 2_000, "the threshold's tag: \(tag) pixels")
        let last = (140..<680).reduce(0) { count, y in count + (1000..<image.width).count { image[$0, y].near(Self.riseColor, tolerance: 8) } }
        #expect(last > 2_000, "the last price's tag: \(last) pixels")
        #expect(Self.gridRows(image, x: 1000).count == 2, "-1e308 and 1e308 (0 is under the threshold's line)")
        #expect(labels.all.contains("$1e+308") && labels.all.contains("$-1e+308"), "\(labels.all)")
        #expect(labels.all.allSatisfy { !$0.contains("inf") && !$0.contains("nan") }, "\(labels.all)")
        #expect(chart.change == nil)
        let tiny = PriceChart(points: [(0, 1e-300), (1, 1e300)], pair: "BTC/USD", range: "30d", format: labels.format)
        #expect(tiny.change == nil, "1e-300 to 1e300 is no finite percent")
    }

    @Test func theSameInputsGiveTheSameBytes() throws {
        let marker = Self.month()[300]
        let first = try Self.chart(marker: marker).png().get()
        let second = try Self.chart(marker: marker).png().get()
        #expect(first == second)
        #expect(try Self.chart(thresholds: [55_001], marker: marker).png().get() != first, "and other inputs other bytes")
    }

    /// A pass draws its images on one canvas (`ChartCanvas`): each the same bytes as on a new canvas.
    @Test func aKeptCanvasDrawsTheSameBytesAsANewOne() throws {
        let canvas = ChartCanvas()
        let marker = Self.month()[300]
        let first = try Self.chart(rising: true, thresholds: [70_000, 40_000]).png(on: canvas).get()
        let second = try Self.chart(marker: marker).png(on: canvas).get()
        #expect(canvas.kept != nil, "the first chart left its canvas")
        #expect(first == (try Self.chart(rising: true, thresholds: [70_000, 40_000]).png().get()))
        #expect(second == (try Self.chart(marker: marker).png().get()), "nothing of the first chart in the second")
    }

    @Test func noPointsIsAnErrorNotAnImage() {
        let empty = PriceChart(points: [(1, .nan)], pair: "BTC/USD", range: "1d", format: Self.dollars)
        #expect(throws: ChartError("no price history to draw")) { try empty.png().get() }
    }

    @Test func aSinglePointIsAFlatLine() throws {
        let one = PriceChart(points: [(1_618_444_800_000, 50_000)], pair: "BTC/USD", range: "1d", format: Self.dollars)
        let image = try DecodedPNG(try one.png().get())
        let rows = Self.centers(image.rows(x: 400, from: 140, to: 640, near: Self.riseColor, tolerance: 8))
        #expect(rows.count == 1, "\(rows)")
    }

    /// `make docs-charts` (`COINWATCH_WRITE_DOCS=1`) writes the chart of an alert (BTC crossing below
    /// 50,000 on 2021-05-15, from the real 1-day capture): docs/chart-alert-1d.png, the image in
    /// docs/delivery.md.
    @Test func writesTheDocsImageWhenAsked() throws {
        guard ProcessInfo.processInfo.environment["COINWATCH_WRITE_DOCS"] == "1" else { return }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let capture = root.appendingPathComponent("Fixtures/real/history/coingecko-market-chart_bitcoin_vs-usd_days-1_5-minutely_2021-05-15.json")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: capture)) as? [String: Any])
        let rows = try #require(doc["prices"] as? [[Double]])
        let points = rows.map { (time: Int64($0[0]), price: $0[1]) }.sorted { $0.time < $1.time }
        let chart = PriceChart(points: points, pair: "BTC/USD", range: "1d", format: Self.dollars, thresholds: [50_000],
                               marker: points[70], direction: .down)
        try Data(try chart.png().get()).write(to: root.appendingPathComponent("docs/chart-alert-1d.png"))
    }
}
