import CoinWatchSupport
import CoinWatchMarket
/// A new high (or low) for a window, shared by `new_high` and `new_low`.
///
/// Becoming true: the price is at or beyond the provider's own mark for the window where the
/// quote has one, and strictly beyond every price recorded within the window. Without a provider
/// mark the window must be covered by coinwatch's own watch: its recorded history, complete since
/// `PriceSeries.coveredFrom`, must reach back at least the whole window (`all` then never holds).
///
/// Staying true: a fired new high keeps holding while the price stays within `pullBack` percent
/// of the window's high (the provider's high for the window where it reports one, and every price
/// recorded within the window), and stops holding, so `resolve` sends `resolved`, only once the
/// price has fallen more than `pullBack` percent below that high. A market that grinds up or
/// stays level keeps the pair firing instead of flapping fired/resolved on every pass
/// (docs/rules.md "new_high and new_low: when they resolve"). New lows mirror it.
struct WindowExtreme: Sendable, Equatable {
    /// How far a fired new high may pull back below the window's high (a new low rise above the
    /// window's low) and still hold, in percent. 1 % is above the tick-to-tick noise of a level
    /// market and well inside a day's usual range, so a real reversal resolves the same day.
    static let pullBack = 1.0

    /// `new_high` (true) or `new_low`.
    let high: Bool
    /// The window looked at.
    let window: Window

    private var word: String { high ? "high" : "low" }

    /// Whether `price` is at or beyond `mark` (strictly with `strict`).
    private func beyond(_ price: Double, _ mark: Double, strict: Bool) -> Bool {
        if high { return strict ? price > mark : price >= mark }
        return strict ? price < mark : price <= mark
    }

    /// The most extreme price recorded within the window.
    private func recordedExtreme(_ o: Observation) -> Double? {
        let recorded = o.recorded(within: window.seconds)
        return high ? recorded.max { $0.price < $1.price }?.price : recorded.min { $0.price < $1.price }?.price
    }

    /// The window's high (low): the provider's mark and every price recorded within the window.
    private func windowExtreme(_ o: Observation) -> Double? {
        let mark = o.marks.mark(high: high, window: window)
        guard let recorded = recordedExtreme(o) else { return mark }
        guard let mark else { return recorded }
        return high ? max(mark, recorded) : min(mark, recorded)
    }

    /// The price the window's extreme may be pulled back to and still hold.
    private func band(_ extreme: Double) -> Double {
        high ? extreme * (1 - Self.pullBack / 100) : extreme * (1 + Self.pullBack / 100)
    }

    /// The reason the condition does not become true, or nil when it does.
    private func shortfall(_ o: Observation) -> String? {
        let n = NumberText.plain
        if let mark = o.marks.mark(high: high, window: window) {
            guard beyond(o.price, mark, strict: false) else {
                return "price \(n(o.price)) short of the provider's \(window.rawValue) \(word) \(n(mark))"
            }
        } else {
            guard let seconds = window.seconds else { return "the provider reports no all-time \(word)" }
            guard let series = o.series, series.covers(seconds, now: o.now) else {
                return "not yet watched for \(window.rawValue)"
            }
        }
        if let extreme = recordedExtreme(o), !beyond(o.price, extreme, strict: true) {
            return "price \(n(o.price)) short of the recorded \(window.rawValue) \(word) \(n(extreme))"
        }
        return nil
    }

    /// Whether the condition holds; `firing` applies the pull-back band.
    func holds(_ o: Observation, firing: Bool) -> Bool {
        guard firing else { return shortfall(o) == nil }
        guard let extreme = windowExtreme(o) else { return true }
        return beyond(o.price, band(extreme), strict: false)
    }

    /// The figure against the mark, in words.
    func describe(_ o: Observation, firing: Bool) -> String {
        let n = NumberText.plain
        guard firing else {
            return shortfall(o) ?? "price \(n(o.price)) is a new \(window.rawValue) \(word)"
        }
        guard let extreme = windowExtreme(o) else { return "price \(n(o.price)) is the only \(window.rawValue) price" }
        let within = beyond(o.price, band(extreme), strict: false)
        let side = high ? "below" : "above"
        return "price \(n(o.price)) \(within ? "within" : "more than") \(n(Self.pullBack))% \(within ? "of" : side) "
            + "the \(window.rawValue) \(word) \(n(extreme))"
    }

    /// Every price since the window's start is needed (all of them for `all`).
    var needs: ConditionNeeds {
        ConditionNeeds(history: window.seconds ?? .infinity, allTimeMarks: window == .all)
    }
}

/// A kind whose value is a window and whose judgement is a `WindowExtreme`: `new_high` and
/// `new_low`, which differ only in `high` and their examples; everything else a condition kind
/// says is said here once.
package protocol WindowExtremeKind: ConditionKind {
    /// `new_high` (true) or `new_low`.
    static var high: Bool { get }
    /// The window.
    var window: Window { get }
    init(window: Window)
}

extension WindowExtremeKind {
    static var timing: ConditionTiming { .level }
    static var rearm: RearmUnit { .notAllowed }

    static var schema: String { ##"{"$ref": "#/$defs/window"}"## }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        reader.window(node, path: path()).map { Self(window: $0) }
    }

    private var extreme: WindowExtreme { WindowExtreme(high: Self.high, window: window) }

    var needs: ConditionNeeds { extreme.needs }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { extreme.holds(o, firing: firing) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { extreme.describe(o, firing: firing) }

    func listing(vs: String) -> String { "\(Self.key) \(window.rawValue)" }

    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator) {
        if needs.allTimeMarks { reader.warnAllTimeWindow(node, path: path(), providers: providers) }
    }

    static func direction(of alert: Alert) -> ConditionDirection { high ? .rise : .fall }

    /// ` rose to a new 24h high`, ` fell to a new 7-day low`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(Self.high ? " rose to a new \(window.phrase) high" : " fell to a new \(window.phrase) low")
    }

    func writeResolved(into out: inout MessageText) { out.text(" is no longer at a \(window.phrase) \(Self.high ? "high" : "low")") }
}
