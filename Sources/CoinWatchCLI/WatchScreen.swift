import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The live `watch` view's screen built from a table, for `coinwatch-bench --watch`: `init` is a
/// refresh after the fetch, `frame` every redraw.
package struct WatchScreen {
    private let table: WatchTable
    private let view = WatchLiveState(sort: .rank)

    /// The table of `rules`' favorites from `quotes` and `state` at `now` (seconds since 1970).
    package init(rules: RulesFile, quotes: [String: Quote], state: StateDocument, now: Double) {
        table = WatchTable(rules: rules, quotes: quotes, state: state, now: now)
    }

    /// The bytes of one frame on a `columns`×`rows` terminal, colored or not.
    package func frame(columns: Int, rows: Int, color: Bool) -> String {
        let lines = view.frame(table, width: columns, rows: rows, color: ColorPolicy(enabled: color), error: nil)
        return WatchTerminal.frame(lines, columns: columns, rows: rows)
    }
}
