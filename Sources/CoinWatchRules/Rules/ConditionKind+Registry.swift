import CoinWatchSupport
extension ConditionKind {
    /// `level` or `event`, as listings print it.
    static var timingName: String { timing.rawValue }

    /// Reads `node` as this kind at `path` and wraps it; nil when invalid (the problems are in `reader`).
    static func condition(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Condition? {
        parse(node, path: path(), &reader).map { Condition($0) }
    }
}
