/// A price line in Braille dots (2×4 per character) for `show --range` (SPEC §7): the plot, a price axis on the
/// right (high, low, last on its row), UTC time labels below, green up or red down when `color` is on.
package struct LineChart {
    /// Points (ms since 1970, price), sorted by time.
    package var points: [(time: Int64, price: Double)]
    /// Columns the whole chart takes, axis included.
    package var width: Int
    /// Rows of the plot (the time labels add one).
    package var height: Int = 12
    /// Formats a price for the axis (the card's format).
    package var format: (Double) -> String

    package init(points: [(time: Int64, price: Double)], width: Int, height: Int = 12, format: @escaping (Double) -> String) {
        self.points = points.filter { $0.price.isFinite }
        self.width = width
        self.height = height
        self.format = format
    }

    /// The chart as lines (no trailing newline on the last); empty when there are no points.
    package func lines(color: ColorPolicy) -> [String] {
        guard let first = points.first, let last = points.last, height >= 2,
              let low = points.map(\.price).min(), let high = points.map(\.price).max() else { return [] }
        let labels = [format(high), format(low), format(last.price)]
        let columns = plotColumns(labels)
        let dotsWide = columns * 2, dotsHigh = height * 4
        var cells = [[UInt8]](repeating: [UInt8](repeating: 0, count: columns), count: height)
        let span = max(1, last.time - first.time)
        func row(_ price: Double) -> Int {
            guard high > low else { return dotsHigh / 2 }
            return Int(((high - price) / (high - low) * Double(dotsHigh - 1)).rounded())
        }
        var previous: (x: Int, y: Int)?
        for point in points {
            let x = Int(Double(point.time - first.time) / Double(span) * Double(dotsWide - 1))
            let y = row(point.price)
            let from = previous?.y ?? y
            for dotY in min(from, y)...max(from, y) { set(&cells, x: x, y: dotY) }
            previous = (x, y)
        }
        let lastRow = row(last.price) / 4
        let rising = last.price >= first.price
        var out: [String] = []
        for (index, line) in cells.enumerated() {
            var text = String(String.UnicodeScalarView(line.map { Unicode.Scalar(0x2800 + UInt32(Self.bits($0))) ?? " " }))
            text = rising ? color.green(text) : color.red(text)
            let label = index == 0 ? labels[0] : index == height - 1 ? labels[1] : index == lastRow ? labels[2] : ""
            out.append(label.isEmpty ? text : text + " " + label)
        }
        out.append(timeAxis(from: first.time, to: last.time, columns: columns))
        return out
    }

    /// The plot's width in cells: the whole width less the price axis of `labels` and a space.
    private func plotColumns(_ labels: [String]) -> Int {
        max(8, width - (labels.map(TextCell.width).max() ?? 0) - 1)
    }

    /// A line under the plot with `▲` in the column of each of `times` (ms) within the chart's span
    /// (the fires of `backtest --rule`); empty without points.
    package func markerLine(at times: [Int64]) -> String {
        guard let first = points.first, let last = points.last,
              let low = points.map(\.price).min(), let high = points.map(\.price).max() else { return "" }
        let columns = plotColumns([format(high), format(low), format(last.price)])
        let span = max(1, last.time - first.time)
        var line = [Character](repeating: " ", count: columns)
        for time in times where time >= first.time && time <= last.time {
            let x = Int(Double(time - first.time) / Double(span) * Double(columns * 2 - 1))
            line[min(x / 2, columns - 1)] = "▲"
        }
        return String(line).replacing(#/\s+$/#, with: "")
    }

    /// Sets dot (x, y) of the cell grid; each byte holds a cell's 8 dots, bit (column * 4 + row).
    private func set(_ cells: inout [[UInt8]], x: Int, y: Int) {
        let row = y / 4, column = x / 2
        guard row >= 0, row < cells.count, column >= 0, column < cells[row].count else { return }
        cells[row][column] |= 1 << UInt8((x % 2) * 4 + y % 4)
    }

    /// The Unicode Braille bits (dots 1-2-3-7 on the left, 4-5-6-8 on the right) of a cell byte.
    private static func bits(_ cell: UInt8) -> UInt8 {
        let map: [UInt8] = [0x01, 0x02, 0x04, 0x40, 0x08, 0x10, 0x20, 0x80]
        var out: UInt8 = 0
        for bit in 0..<8 where cell & (1 << UInt8(bit)) != 0 { out |= map[bit] }
        return out
    }

    /// `TimeTicks`' labels, each starting at its tick's column, at the finest step whose labels do not overlap
    /// (one that would run past the right edge is left out); empty when none fits.
    func timeAxis(from start: Int64, to end: Int64, columns: Int) -> String {
        let span = max(1, end - start)
        func placed(_ ticks: [TimeTicks.Tick]) -> [(column: Int, text: String)]? {
            var out: [(column: Int, text: String)] = []
            for tick in ticks {
                let column = Int(Double(tick.time - start) / Double(span) * Double(columns - 1))
                if let previous = out.last, column < previous.column + previous.text.count + 2 { return nil }
                if column + tick.label.count <= columns { out.append((column, tick.label)) }
            }
            return out.isEmpty ? nil : out
        }
        guard let labels = placed(TimeTicks.ticks(from: start, to: end) { placed($0) != nil }) else { return "" }
        var line = [Character](repeating: " ", count: columns)
        for (column, text) in labels {
            for (offset, character) in text.enumerated() { line[column + offset] = character }
        }
        return String(line).replacing(#/\s+$/#, with: "")
    }
}
