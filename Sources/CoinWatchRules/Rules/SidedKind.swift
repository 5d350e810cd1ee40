/// A `…_above` or `…_below` kind: it holds on one side of its line, and its alert reads as a rise or a fall.
protocol SidedKind: ConditionKind {
    /// Holds at or above the line (`…_above`), else at or below it.
    static var above: Bool { get }
}

extension SidedKind {
    static func direction(of alert: Alert) -> ConditionDirection { above ? .rise : .fall }
}

/// Which side of a line a figure stands on, as the `…_above` and `…_below` kinds compare it.
enum Side {
    /// Whether `x` is at or above `line` (`above`), else at or below it; a missing figure or line (the
    /// provider reported none, an indicator still warming up) is on neither side.
    static func holds(_ x: Double?, _ line: Double?, above: Bool) -> Bool {
        guard let x, let line else { return false }
        return above ? x >= line : x <= line
    }

    /// `holds`, forgiving a rounding hair (1e-9 in `x`'s unit), so a computed percent such as
    /// 100 → 103's 2.9999… % still meets 3 %; a missing `x` meets nothing.
    static func meets(_ x: Double?, _ line: Double, above: Bool) -> Bool {
        guard let x else { return false }
        return above ? x >= line - 1e-9 : x <= line + 1e-9
    }

    /// How `x` stands to `line` in a `describe`: `≥` or `<` when `above`, else `≤` or `>`.
    static func sign(_ x: Double, _ line: Double, above: Bool) -> String {
        holds(x, line, above: above) ? (above ? "≥" : "≤") : (above ? "<" : ">")
    }
}
