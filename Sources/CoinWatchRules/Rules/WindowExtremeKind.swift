import CoinWatchSupport
import CoinWatchMarket
/// `new_high` or `new_low`: the price is at or beyond the provider's mark for a window and beyond every
/// price recorded in it (which must cover the window when there is no mark). Once fired it holds until the
/// price pulls back more than `pullBack` percent, so a level or grinding market does not flap
/// fired/resolved (docs/rules.md "new_high and new_low: when they resolve").
package protocol WindowExtremeKind: ConditionKind {
    /// `new_high` (true) or `new_low`.
    static var high: Bool { get }
    /// The window.
    var window: Window { get }
    init(window: Window)
}

extension WindowExtremeKind {
    static var timing: ConditionTiming { .level }

    static var schema: JSONNode { RulesSchema.node(["$ref": "#/$defs/window"]) }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        reader.named(node, path: path(), unknown: "window", names: Window.allCases.map(\.rawValue), label: "Windows",
                     Window.init(rawValue:)).map { Self(window: $0) }
    }

    static func direction(of alert: Alert) -> ConditionDirection { high ? .rise : .fall }

    /// How far a fired new high may pull back below the window's high and still hold, in percent: above
    /// a level market's noise, well inside a day's usual range.
    static var pullBack: Double { 1 }

    /// Every price since the window's start is needed (all of them for `all`).
    var needs: ConditionNeeds { ConditionNeeds(history: window.seconds ?? .infinity, allTimeMarks: window == .all) }

    private var word: String { Self.high ? "high" : "low" }

    /// Whether `price` is at or beyond `mark` (strictly with `strict`).
    private func beyond(_ price: Double, _ mark: Double, strict: Bool) -> Bool {
        if Self.high { return strict ? price > mark : price >= mark }
        return strict ? price < mark : price <= mark
    }

    /// The most extreme price recorded within the window.
    private func recordedExtreme(_ o: Observation) -> Double? {
        let recorded = o.recorded(within: window.seconds)
        return Self.high ? recorded.max { $0.price < $1.price }?.price : recorded.min { $0.price < $1.price }?.price
    }

    /// The window's high (low): the provider's mark and every price recorded within the window.
    private func windowExtreme(_ o: Observation) -> Double? {
        let mark = o.marks.mark(high: Self.high, window: window)
        guard let recorded = recordedExtreme(o) else { return mark }
        guard let mark else { return recorded }
        return Self.high ? max(mark, recorded) : min(mark, recorded)
    }

    /// The price the window's extreme may be pulled back to and still hold.
    private func band(_ extreme: Double) -> Double {
        Self.high ? extreme * (1 - Self.pullBack / 100) : extreme * (1 + Self.pullBack / 100)
    }

    /// The reason the condition does not become true, or nil when it does.
    private func shortfall(_ o: Observation) -> String? {
        let n = NumberText.plain
        if let mark = o.marks.mark(high: Self.high, window: window) {
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
    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard firing else { return shortfall(o) == nil }
        guard let extreme = windowExtreme(o) else { return true }
        return beyond(o.price, band(extreme), strict: false)
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let n = NumberText.plain
        guard firing else {
            return shortfall(o) ?? "price \(n(o.price)) is a new \(window.rawValue) \(word)"
        }
        guard let extreme = windowExtreme(o) else { return "price \(n(o.price)) is the only \(window.rawValue) price" }
        let within = beyond(o.price, band(extreme), strict: false)
        let side = Self.high ? "below" : "above"
        return "price \(n(o.price)) \(within ? "within" : "more than") \(n(Self.pullBack))% \(within ? "of" : side) "
            + "the \(window.rawValue) \(word) \(n(extreme))"
    }

    func listing(vs: String) -> String { "\(Self.key) \(window.rawValue)" }

    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator) {
        if needs.allTimeMarks { reader.warnAllTimeWindow(node, path: path(), providers: providers) }
    }

    /// ` rose to a new 24h high`, ` fell to a new 7-day low`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(Self.high ? " rose to a new \(window.phrase) high" : " fell to a new \(window.phrase) low")
    }

    func writeResolved(into out: inout MessageText) { out.text(" is no longer at a \(window.phrase) \(word)") }
}
