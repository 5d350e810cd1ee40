import CoinWatchSupport
/// Which way a trailing kind's price must move away from its anchor.
enum TrailingWay: Sendable, Equatable {
    /// Below the highest price (`trailing_drop`).
    case drop
    /// Above the lowest price (`trailing_rise`).
    case rise
}

/// `trailing_drop` or `trailing_rise`: the price moved at least `pct` percent from the pair's anchor, the
/// highest (drop) or lowest (rise) price since the pair started or last fired, this pass's included;
/// firing re-anchors it.
protocol TrailingKind: ConditionKind {
    /// Which way the price must move from its anchor.
    static var way: TrailingWay { get }
    /// Percent, > 0.
    var pct: Double { get }
    init(pct: Double)
}

extension TrailingKind {
    static var timing: ConditionTiming { .level }

    static var unit: Threshold.Unit { .percent }

    static var schema: JSONNode { RulesSchema.node(["type": "number", "exclusiveMinimum": 0]) }

    /// A percent above 0; nil (with the error) otherwise.
    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let value = reader.number(node, path: path()) else { return nil }
        guard value > 0, value.isFinite else {
            reader.error("\(key) takes a percent above 0, got \(value.formattedForMessage)", at: node, path: path())
            return nil
        }
        return Self(pct: value)
    }

    static func direction(of alert: Alert) -> ConditionDirection { way == .drop ? .fall : .rise }

    var threshold: Threshold? { Threshold(value: pct, unit: .percent) }
    var needs: ConditionNeeds { ConditionNeeds(pairMemory: true) }

    /// The highest (drop) or lowest (rise) price since the anchor, this pass's included.
    private func anchor(_ o: Observation) -> Double {
        switch Self.way {
        case .drop: return max(o.reference ?? o.price, o.price)
        case .rise: return min(o.reference ?? o.price, o.price)
        }
    }

    /// The anchor found again from `price` and the percent it `moved` from it; nil when they cannot say.
    private static func anchor(price: Double, moved: Double?) -> Double? {
        guard let moved, moved.isFinite, moved >= 0 else { return nil }
        let factor = way == .drop ? 1 - moved / 100 : 1 + moved / 100
        return factor > 0 ? price / factor : nil
    }

    /// How far the price moved from the anchor, percent ≥ 0.
    func figure(_ o: Observation) -> Double? {
        let anchor = anchor(o)
        return anchor > 0 ? abs(o.price - anchor) / anchor * 100 : nil
    }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { Side.meets(figure(o), pct, above: true) }

    /// The anchor the pair keeps: this pass's price once it fired, else the extreme so far.
    func remember(_ o: Observation, fired: Bool) -> Double? { fired ? o.price : anchor(o) }

    /// `12.5% below the highest price 100 vs 10%`.
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let n = NumberText.plain
        let moved = figure(o) ?? 0
        return "\(n((moved * 100).rounded() / 100))% \(Self.way == .drop ? "below the highest" : "above the lowest") price "
            + "\(n(anchor(o))) vs \(n(pct))%"
    }

    func listing(vs: String) -> String { "\(Self.key) \(MessageText.percent(pct))" }

    /// The anchor the move was measured from; none without the alert's figure.
    func chartLevels(_ alert: Alert) -> [Double] { Self.anchor(price: alert.price, moved: alert.value).map { [$0] } ?? [] }

    /// The figure to two decimals, as a percent.
    func figureText(_ value: Double, vs: String) -> String { MessageText.percent((value * 100).rounded() / 100) }

    /// ` fell 12.5% from its high of $114.29 (≥ 10%)`; without the move, ` fell 10% or more from its highest price`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        let drop = Self.way == .drop
        guard let moved = out.value, let anchor = Self.anchor(price: price, moved: moved) else {
            out.text(drop ? " fell \(MessageText.percent(pct)) or more from its highest price"
                          : " rose \(MessageText.percent(pct)) or more from its lowest price")
            return
        }
        out.text((drop ? " fell " : " rose ") + figureText(moved, vs: out.vs) + (drop ? " from its high of " : " from its low of "),
                 money: anchor)
        out.met("≥", MessageText.percent(pct))
    }

    /// Nothing: the words gave the move.
    func writeFigure(_ value: Double, into out: inout MessageText) {}

    func writeResolved(into out: inout MessageText) {
        out.text(" is no longer \(MessageText.percent(pct)) from its \(Self.way == .drop ? "highest" : "lowest") price")
    }
}
