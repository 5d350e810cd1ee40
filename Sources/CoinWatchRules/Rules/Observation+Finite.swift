import CoinWatchSupport
extension Observation {
    /// Whether every figure of this observation is a finite number within `FigureRange` (SPEC §2):
    /// the price, the 24h change and the traded span, whether the provider gave them or the pass
    /// derived them (a feed's change from its open, a ratio, the portfolio), and what premium and
    /// holdings rules derive from them (each premium, the holding's value and P&L). A pass leaves a
    /// coin whose figures are not unquoted, so no such number reaches an alert or the state.
    package var figuresAreFinite: Bool {
        guard FigureRange.holds(price), change24h.map(FigureRange.holds) ?? true else { return false }
        if let span, !FigureRange.holds(span.low) || !FigureRange.holds(span.high) { return false }
        guard let derived else { return true }
        for base in derived.premiumBases.values {
            guard FigureRange.holds(base), base <= 0 || FigureRange.holds(Premium.percent(price, against: base)) else { return false }
        }
        for figure in [HoldingFigure.value, .pnlPct] {
            if let value = figure.value(self), !FigureRange.holds(value) { return false }
        }
        return true
    }
}
