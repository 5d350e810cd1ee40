import CoinWatchSupport
import Glibc

/// The drawing; sizes are pixels of the 1280×720 image, chosen to still read scaled to a phone (about 400 pixels wide).
extension PriceChart {
    private static let titleSize = 48.0, priceSize = 48.0, labelSize = 30.0
    private static let dataWidth = 4.5, gridWidth = 1.5, thresholdWidth = 3.0
    /// The edge of the image around everything.
    private static let margin = 36.0

    /// Paints the chart in order: background, header, grid, thresholds, price line, marker, price-axis tags.
    func draw(on canvas: CairoCanvas) {
        let up = drawnDirection == .up
        let color = up ? ChartColor.rise : ChartColor.fall
        canvas.paint(.background)
        let frame = layout(canvas)
        drawHeader(canvas, color: color, up: up)
        let priceTicks = PriceTicks.ticks(low: frame.low, high: frame.high)
        drawGrid(canvas, frame, priceTicks: priceTicks)
        for level in thresholds {
            let y = frame.y(level)
            canvas.stroke([(frame.left, y), (frame.right, y)], lineWidth: Self.thresholdWidth, .threshold, dash: [16, 10])
        }
        drawLine(canvas, frame, color: color)
        if let marker, let first = points.first?.time, let last = points.last?.time, (first...last).contains(marker.time) {
            let x = frame.x(marker.time), y = frame.y(marker.price)
            canvas.stroke([(x, frame.top), (x, frame.bottom)], lineWidth: 2, .marker.alpha(0.7), dash: [6, 8])
            canvas.disc(x: x, y: y, radius: 13, .background)
            canvas.disc(x: x, y: y, radius: 9, .marker)
        }
        drawTags(canvas, frame, priceTicks: priceTicks, color: color)
    }

    /// The plot's frame: the price axis as wide as its widest label, the span holding thresholds and marker.
    private func layout(_ canvas: CairoCanvas) -> ChartFrame {
        let prices = points.map(\.price)
        let span = ChartFrame.span(prices, extra: thresholds + (marker.map { [$0.price] } ?? []))
        let labels = PriceTicks.ticks(low: span.low, high: span.high).map(format) + thresholds.map(format)
            + [format(points.last?.price ?? 0)]
        let widest = labels.map { canvas.textWidth($0, size: Self.labelSize, bold: true) }.max() ?? 0
        let right = Double(canvas.width) - Self.margin - widest - 44
        return ChartFrame(left: Self.margin, top: 140, right: right, bottom: Double(canvas.height) - 72,
                          low: span.low, high: span.high,
                          start: points.first?.time ?? 0, end: points.last?.time ?? 0)
    }

    /// The title on the left; the last price and the change over the range on the right.
    private func drawHeader(_ canvas: CairoCanvas, color: ChartColor, up: Bool) {
        let right = Double(canvas.width) - Self.margin
        canvas.text(title, x: Self.margin, y: 70, size: Self.titleSize, .ink, bold: true)
        guard let last = points.last?.price else { return }
        canvas.text(format(last), x: right, y: 70, size: Self.priceSize, color, bold: true, alignRight: true)
        if let change {
            let text = (change < 0 ? "▼ " : "▲ ") + NumberText.fixed(abs(change), decimals: 2, grouped: false, suffix: "%") + " over " + range
            // Its own sign's color: the alert's direction (the line's) may differ from the range's change.
            canvas.text(text, x: right, y: 114, size: Self.labelSize, change < 0 ? .fall : .rise, alignRight: true)
        }
    }

    /// Gridlines at round prices and at round times (labelled beneath), and the plot's baseline.
    private func drawGrid(_ canvas: CairoCanvas, _ frame: ChartFrame, priceTicks: [Double]) {
        for price in priceTicks {
            let y = frame.y(price)
            canvas.stroke([(frame.left, y), (frame.right, y)], lineWidth: Self.gridWidth, .grid)
        }
        let ticks = TimeTicks.ticks(from: frame.start, to: frame.end) { ticks in
            zip(ticks, ticks.dropFirst()).allSatisfy { frame.x($1.time) - frame.x($0.time) >= 170 }
        }
        for tick in ticks {
            let x = frame.x(tick.time)
            canvas.stroke([(x, frame.top), (x, frame.bottom)], lineWidth: Self.gridWidth, .grid)
            let half = canvas.textWidth(tick.label, size: Self.labelSize) / 2
            guard x - half >= frame.left - 20, x + half <= frame.right + 20 else { continue }
            canvas.text(tick.label, x: x, y: frame.bottom + 44, size: Self.labelSize, .muted, center: true)
        }
        canvas.stroke([(frame.left, frame.bottom), (frame.right, frame.bottom)], lineWidth: 2, .muted.alpha(0.6))
        canvas.text("UTC", x: Double(canvas.width) - Self.margin, y: frame.bottom + 44, size: Self.labelSize, .muted,
                    alignRight: true)
    }

    /// The price line, heavier than the grid, over a light fill down to the baseline.
    private func drawLine(_ canvas: CairoCanvas, _ frame: ChartFrame, color: ChartColor) {
        var line = points.map { (x: frame.x($0.time), y: frame.y($0.price)) }
        if line.count == 1, let only = line.first {
            line = [(frame.left, only.y), (frame.right, only.y)]
        }
        if let first = line.first, let last = line.last {
            canvas.fill(line + [(last.x, frame.bottom), (first.x, frame.bottom)], color.alpha(0.09))
        }
        canvas.stroke(line, lineWidth: Self.dataWidth, color)
        if let last = line.last { canvas.disc(x: last.x, y: last.y, radius: 7, color) }
    }

    /// The price axis: round prices' labels (unless a tag covers them), a tag per threshold and one for the last price,
    /// each pointing at its price; tags that would cover one another are moved apart, so every one can be read even
    /// where the scale draws their prices at one height (a threshold at the last price, or 1,000 on a 1e-300...1e300 axis).
    private func drawTags(_ canvas: CairoCanvas, _ frame: ChartFrame, priceTicks: [Double], color: ChartColor) {
        let x = frame.right + 14
        var tags = thresholds.map { (y: frame.y($0), text: format($0), color: ChartColor.threshold) }
        if let last = points.last?.price { tags.append((frame.y(last), format(last), color)) }
        let boxes = Self.spread(tags.map(\.y), gap: 44, within: frame.top...frame.bottom)
        for price in priceTicks {
            let y = frame.y(price)
            guard !boxes.contains(where: { abs($0 - y) < 38 }) else { continue }
            canvas.text(format(price), x: x + 10, y: y + 10.5, size: Self.labelSize, .muted)
        }
        for (tag, box) in zip(tags, boxes) {
            let width = canvas.textWidth(tag.text, size: Self.labelSize, bold: true) + 20
            canvas.fill([(frame.right, tag.y), (x, box - 21), (x + width, box - 21), (x + width, box + 21), (x, box + 21)],
                        tag.color)
            canvas.text(tag.text, x: x + 10, y: box + 10.5, size: Self.labelSize, .background, bold: true)
        }
    }

    /// `ys` (pixels) moved as little as needed to stand at least `gap` apart in their order (ties: the earlier above),
    /// within `bounds` while there is room.
    static func spread(_ ys: [Double], gap: Double, within bounds: ClosedRange<Double>) -> [Double] {
        let order = ys.indices.sorted { (ys[$0], $0) < (ys[$1], $1) }
        var placed = ys
        var previous = bounds.lowerBound - gap
        for index in order {
            placed[index] = max(placed[index], previous + gap)
            previous = placed[index]
        }
        var next = bounds.upperBound + gap
        for index in order.reversed() {
            placed[index] = min(placed[index], next - gap)
            next = placed[index]
        }
        return placed
    }
}
