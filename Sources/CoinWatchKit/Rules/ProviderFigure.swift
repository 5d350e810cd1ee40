/// A figure the provider reports beside the price (SPEC §2 `volume_24h_*`, `market_cap_*`,
/// `rank_within`), read from `Observation`; a kind comparing one holds only where it is there.
enum ProviderFigure: Sendable, Equatable {
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

    /// Whether `o`'s figure is ≥ `line` (`atLeast`) or ≤ it; false without the figure.
    func holds(_ o: Observation, _ line: Double, atLeast: Bool) -> Bool {
        guard let figure = value(o) else { return false }
        return atLeast ? figure >= line : figure <= line
    }

    /// `24h volume 1200000 ≥ 1000000`, or `the provider reports no 24h volume`.
    func describe(_ o: Observation, _ line: Double, atLeast: Bool) -> String {
        guard let figure = value(o) else { return "the provider reports no \(name)" }
        let sign = atLeast ? (figure >= line ? "≥" : "<") : (figure <= line ? "≤" : ">")
        return "\(name) \(NumberText.plain(figure)) \(sign) \(NumberText.plain(line))"
    }
}
