import CoinWatchSupport
import Glibc

/// What a chart image shows (SPEC §12): a price over a range, thresholds, the alert's moment, a title and
/// the last price colored by direction; `png()` draws it at 1280×720, the same bytes for the same inputs.
package struct PriceChart: Sendable {
    /// Which way the move went: the color of the line, the last price and the change.
    package enum Direction: Sendable, Equatable {
        case up, down
    }

    /// Points (ms since 1970, price), sorted by time; prices that are not finite are left out.
    package var points: [(time: Int64, price: Double)]
    /// The pair, as the title shows it (`BTC/USD`).
    package var pair: String
    /// The range, as the title shows it after the pair (`1d`).
    package var range: String
    /// Formats a price for the axis, the tags and the last price (`$63,604.38`).
    package var format: @Sendable (Double) -> String
    /// Prices drawn as horizontal lines tagged on the price axis (levels, a range's edges, a trailing stop's anchor).
    package var thresholds: [Double]
    /// The alert's moment (ms since 1970) and price, marked with a dot and a vertical line.
    package var marker: (time: Int64, price: Double)?
    /// Which way to color; nil: up when the last price is at or above the first.
    package var direction: Direction?

    /// Pixels.
    package static let width = 1280, height = 720

    package init(points: [(time: Int64, price: Double)], pair: String, range: String,
                 format: @escaping @Sendable (Double) -> String, thresholds: [Double] = [],
                 marker: (time: Int64, price: Double)? = nil, direction: Direction? = nil) {
        self.points = points.filter { $0.price.isFinite }
        self.pair = pair
        self.range = range
        self.format = format
        self.thresholds = thresholds.filter(\.isFinite)
        self.marker = marker.flatMap { $0.price.isFinite ? $0 : nil }
        self.direction = direction
    }

    /// The title: the pair and the range (`BTC/USD · 1d`).
    package var title: String { pair + " · " + range }

    /// The direction drawn: the one given, else from the first and last points.
    package var drawnDirection: Direction {
        if let direction { return direction }
        guard let first = points.first?.price, let last = points.last?.price else { return .up }
        return last >= first ? .up : .down
    }

    /// The change over the range in percent, first point to last, as the header shows it; nil where that is not a finite
    /// number (a first price of 0, or 1e-300 to 1e300).
    var change: Double? {
        guard let first = points.first?.price, let last = points.last?.price else { return nil }
        let change = (last - first) / abs(first) * 100
        return change.isFinite ? change : nil
    }

    /// The chart as PNG bytes, drawn on `canvas` if given (same bytes as a new one); fails with no points or no cairo.
    package func png(on canvas: ChartCanvas? = nil) -> Result<[UInt8], OneLineError> {
        guard !points.isEmpty else { return .failure(OneLineError("no price history to draw")) }
        if let kept = canvas?.kept, kept.restart() {
            draw(on: kept)
            return kept.png()
        }
        switch CairoCanvas.make(width: Self.width, height: Self.height) {
        case .failure(let error): return .failure(error)
        case .success(let made):
            canvas?.kept = made
            draw(on: made)
            return made.png()
        }
    }
}
