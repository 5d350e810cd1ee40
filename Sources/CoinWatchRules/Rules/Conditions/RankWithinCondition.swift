import CoinWatchSupport
/// `rank_within`: the provider's market-cap rank is N or better (level); false without a rank.
struct RankWithinCondition: ConditionKind {
    static let key = "rank_within"
    static let summary = "the provider's market-cap rank ≤ value (1 is the largest)"
    static let timing = ConditionTiming.level
    static let unit = Threshold.Unit.count
    static let figure: ProviderFigure? = .rank
    static let sample = #"{"rank_within": 10}"#
    static let schema = RulesSchema.count(ranks)
    static let examples = [
        ConditionExample(when: #"{"rank_within": 10}"#, price: 10, rank: 7, holds: true),
        ConditionExample(when: #"{"rank_within": 10}"#, price: 10, rank: 11, holds: false),
        ConditionExample(when: #"{"rank_within": 10}"#, price: 10, holds: false),
    ]

    /// The ranks a rule may name.
    static let ranks = 1...100_000

    /// The worst rank that counts (1 is the largest coin).
    var value: Int

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let number = reader.number(node, path: path()) else { return nil }
        guard number == number.rounded(), number >= Double(ranks.lowerBound), number <= Double(ranks.upperBound) else {
            reader.error("a rank is a whole number from \(ranks.lowerBound) to \(ranks.upperBound)", at: node, path: path())
            return nil
        }
        return Self(value: Int(number))
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: Double(value), unit: .count) }

    func figure(_ o: Observation) -> Double? { ProviderFigure.rank.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { Side.holds(ProviderFigure.rank.value(o), Double(value), above: false) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        ProviderFigure.rank.describe(o, Double(value), atLeast: false)
    }

    /// ` is #3 by market cap (top 10)`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard let rank = out.value else { return out.text(" is in the top \(value) by market cap") }
        out.text(" is #\(NumberText.plain(rank)) by market cap (top \(value))")
    }
    func writeResolved(into out: inout MessageText) { out.text(" is no longer in the top \(value) by market cap") }
}
