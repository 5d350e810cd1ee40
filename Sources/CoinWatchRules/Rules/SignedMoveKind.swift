/// `change_from` or `move_pct`: the price moved at least `pct` percent from a reference price, a rise
/// when `pct` is positive and a fall when it is negative (level).
protocol SignedMoveKind: ConditionKind {
    /// Percent, ≠ 0; negative for a fall.
    var pct: Double { get }
}

extension SignedMoveKind {
    static var timing: ConditionTiming { .level }
    static var unit: Threshold.Unit { .percent }

    static func direction(of alert: Alert) -> ConditionDirection {
        guard let pct = alert.threshold, pct != 0 else { return .neutral }
        return pct > 0 ? .rise : .fall
    }

    var threshold: Threshold? { Threshold(value: pct, unit: .percent) }

    /// Whether the move (`figure`, percent) reaches `pct` on its side.
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { Side.meets(figure(o), pct, above: pct >= 0) }
}
