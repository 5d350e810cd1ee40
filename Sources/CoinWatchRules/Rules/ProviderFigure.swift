import CoinWatchSupport
/// A figure the provider reports beside the price (SPEC §2 `volume_24h_*`, `market_cap_*`,
/// `rank_within`), read from `Observation`; a kind comparing one holds only where it is there.
package enum ProviderFigure: Sendable, Equatable {
    /// 24h traded volume, in the quote currency.
    case volume24h
    /// Market cap, in the quote currency.
    case marketCap
    /// Market-cap rank, 1 the largest.
    case rank

    /// The figure in `o`; nil where the provider reported none (or one that is no observation).
    func value(_ o: Observation) -> Double? {
        switch self {
        case .volume24h: return o.volume24h
        case .marketCap: return o.marketCap
        case .rank: return o.rank.map(Double.init)
        }
    }

    /// The figure's name in reasons and messages: `24h volume`.
    var name: String {
        switch self {
        case .volume24h: return "24h volume"
        case .marketCap: return "market cap"
        case .rank: return "market-cap rank"
        }
    }

    /// `24h volume 1200000 ≥ 1000000`, or `the provider reports no 24h volume`.
    func describe(_ o: Observation, _ line: Double, atLeast: Bool) -> String {
        guard let figure = value(o) else { return "the provider reports no \(name)" }
        return "\(name) \(NumberText.plain(figure)) \(Side.sign(figure, line, above: atLeast)) \(NumberText.plain(line))"
    }
}

/// `volume_24h_above`, `volume_24h_below`, `market_cap_above` or `market_cap_below`: the provider's figure
/// against an amount in the rule's currency (level).
protocol ProviderFigureKind: SidedKind, ValueKind {
    /// The figure compared: `.volume24h` or `.marketCap`.
    static var measure: ProviderFigure { get }
}

extension ProviderFigureKind {
    static var timing: ConditionTiming { .level }

    static var figure: ProviderFigure? { measure }

    func figure(_ o: Observation) -> Double? { Self.measure.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { Side.holds(figure(o), value, above: Self.above) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { Self.measure.describe(o, value, atLeast: Self.above) }

    /// `'s 24h volume is $1.20B (≥ $1.00B)`: the figure and the amount it met.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        let side = Self.above ? "above" : "below"
        guard let figure = out.value else { return out.text("'s \(Self.measure.name) is \(side) ", money: value) }
        out.text("'s \(Self.measure.name) is " + out.amount(figure))
        out.met(Self.above ? "≥" : "≤", out.amount(value))
    }
    func writeResolved(into out: inout MessageText) {
        out.text("'s \(Self.measure.name) is no longer \(Self.above ? "above" : "below") " + out.amount(value))
    }
}
