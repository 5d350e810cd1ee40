import CoinWatchSupport
/// The move of `trailing_drop`/`trailing_rise` from the pair's anchor: the highest (drop) or lowest (rise)
/// price since the pair started or last fired, this pass's included; firing re-anchors it.
struct TrailingMove: Sendable, Equatable {
    /// Which way the price must move away from its anchor.
    enum Way: Sendable, Equatable {
        /// Below the highest price (`trailing_drop`).
        case drop
        /// Above the lowest price (`trailing_rise`).
        case rise
    }

    var way: Way
    /// Percent, > 0.
    var pct: Double

    /// The percent a rule gives the kind `key`, above 0; nil (with the error) otherwise.
    static func pct(_ node: JSONNode, key: String, path: String, _ reader: inout RulesValidator) -> Double? {
        guard let value = reader.number(node, path: path) else { return nil }
        guard value > 0, value.isFinite else {
            reader.error("\(key) takes a percent above 0, got \(value.formattedForMessage)", at: node, path: path)
            return nil
        }
        return value
    }

    /// The highest (drop) or lowest (rise) price since the anchor, this pass's included.
    func anchor(_ o: Observation) -> Double {
        switch way {
        case .drop: return max(o.reference ?? o.price, o.price)
        case .rise: return min(o.reference ?? o.price, o.price)
        }
    }

    /// How far the price moved from the anchor, percent ≥ 0.
    func figure(_ o: Observation) -> Double? {
        let anchor = anchor(o)
        return anchor > 0 ? abs(o.price - anchor) / anchor * 100 : nil
    }

    func holds(_ o: Observation) -> Bool { figure(o).map { $0 >= pct - 1e-9 } ?? false }

    /// The anchor the pair keeps: this pass's price once it fired, else the extreme so far.
    func remember(_ o: Observation, fired: Bool) -> Double? { fired ? o.price : anchor(o) }

    /// `12.5% below the highest price 100 vs 10%`.
    func describe(_ o: Observation) -> String {
        let n = NumberText.plain
        let moved = figure(o) ?? 0
        return "\(n((moved * 100).rounded() / 100))% \(way == .drop ? "below the highest" : "above the lowest") price "
            + "\(n(anchor(o))) vs \(n(pct))%"
    }

    /// The figure to two decimals, as a percent.
    static func figureText(_ value: Double) -> String { MessageText.percent((value * 100).rounded() / 100) }

    /// ` fell 12.5% from its high of $114.29 (≥ 10%)`: the move and the anchor it was measured from
    /// (found again from `price` and the move); without the move, ` fell 10% or more from its highest price`.
    func writeFiring(price: Double, into out: inout MessageText) {
        let factor = out.value.map { way == .drop ? 1 - $0 / 100 : 1 + $0 / 100 }
        guard let moved = out.value, let factor, moved.isFinite, moved >= 0, factor > 0 else {
            out.text(way == .drop ? " fell \(MessageText.percent(pct)) or more from its highest price"
                                  : " rose \(MessageText.percent(pct)) or more from its lowest price")
            return
        }
        out.text((way == .drop ? " fell " : " rose ") + Self.figureText(moved) + (way == .drop ? " from its high of " : " from its low of "),
                 money: price / factor)
        out.met("≥", MessageText.percent(pct))
    }

    func writeResolved(into out: inout MessageText) {
        out.text(" is no longer \(MessageText.percent(pct)) from its \(way == .drop ? "highest" : "lowest") price")
    }
}

/// `trailing_drop` or `trailing_rise`: one `TrailingMove` and its way.
protocol TrailingKind: ConditionKind {
    /// Which way the price must move from its anchor.
    static var way: TrailingMove.Way { get }
    /// Percent, > 0.
    var pct: Double { get }
    init(pct: Double)
}

extension TrailingKind {
    static var timing: ConditionTiming { .level }
    static var rearm: RearmUnit { .notAllowed }

    static var unit: Threshold.Unit { .percent }

    static var schema: String { #"{"type": "number", "exclusiveMinimum": 0}"# }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        TrailingMove.pct(node, key: key, path: path(), &reader).map(Self.init(pct:))
    }

    static func direction(of alert: Alert) -> ConditionDirection { way == .drop ? .fall : .rise }

    private var move: TrailingMove { TrailingMove(way: Self.way, pct: pct) }

    var threshold: Threshold? { Threshold(value: pct, unit: .percent) }
    var needs: ConditionNeeds { ConditionNeeds(pairMemory: true) }

    func figure(_ o: Observation) -> Double? { move.figure(o) }
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { move.holds(o) }
    func remember(_ o: Observation, fired: Bool) -> Double? { move.remember(o, fired: fired) }
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { move.describe(o) }

    func listing(vs: String) -> String { "\(Self.key) \(MessageText.percent(pct))" }

    /// The anchor the move was measured from, found again from the alert's price and its figure
    /// (the percent moved from the anchor); none without the figure.
    func chartLevels(_ alert: Alert) -> [Double] {
        guard let moved = alert.value, moved.isFinite, moved >= 0 else { return [] }
        let factor = Self.way == .drop ? 1 - moved / 100 : 1 + moved / 100
        guard factor > 0 else { return [] }
        return [alert.price / factor]
    }
    func figureText(_ value: Double, vs: String) -> String { TrailingMove.figureText(value) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { move.writeFiring(price: price, into: &out) }
    /// Nothing: the words gave the move.
    func writeFigure(_ value: Double, into out: inout MessageText) {}
    func writeResolved(into out: inout MessageText) { move.writeResolved(into: &out) }
}
