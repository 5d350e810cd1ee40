import CoinWatchMarket
import CoinWatchSupport
import CoinWatchRules
import Synchronization
import Glibc

extension WatchCommand {
    /// Seconds the coin search of `a` waits after a key before it asks the provider.
    static let searchPause = 0.3

    /// The live view on a terminal: one frame per change (a fetch, a key, a resize), a fetch every
    /// `--interval`; 0, with the terminal restored, when a key, a signal or the end of stdin ends it.
    static func liveView(_ context: CommandContext, rules loaded: RulesFile,
                         sort: WatchTable.SortKey) throws(ExitCodeError) -> ExitCode {
        let waiter = try SignalWaiter.install(resize: true, context) {
            "cannot set up the live view: \($0); use 'coinwatch watch --once'"
        }
        var rules = loaded
        let interval = context.arguments.interval ?? rules.interval
        // Provider errors would scroll the screen: the live view shows the last one in its footer.
        var quiet = context
        let errors = ErrorLine()
        quiet.io.err = { errors.set($0) }
        let terminal = WatchTerminal()
        defer { terminal.restore() }
        var view = WatchLiveState(sort: sort)
        var size = WatchTerminal.size()
        terminal.draw([TextCell.fit("coinwatch watch — fetching quotes…", size.columns)], columns: size.columns, rows: size.rows)
        var table = fetch(quiet, rules: rules).0
        var next = waiter.now() + interval
        var searchAt: Double?
        while true {
            size = WatchTerminal.size()
            view.clamp(to: table)
            let lines = view.frame(table, width: size.columns, rows: size.rows, color: context.color, error: errors.last)
            terminal.draw(lines, columns: size.columns, rows: size.rows)
            let keyed = waiter.wait(until: min(next, searchAt ?? next), input: 0)
            let signals = waiter.take()
            if signals.contains(.stop) || signals.contains(.reload) { return .success }
            var refresh = waiter.now() >= next
            var fresh = false
            if keyed {
                let keys = terminal.readKeys()
                if keys.isEmpty { return .success }  // stdin closed
                switch view.press(keys) {
                case .quit: return .success
                case .refresh: refresh = true; fresh = true
                case .redraw: break
                case .search: searchAt = waiter.now() + searchPause
                case .openChart:
                    errors.set(nil)
                    view.chart = chart(of: view.selectedRow(table), context: quiet, rules: rules, view: &view)
                case .add(let coin):
                    errors.set(nil)
                    if let reloaded = add(coin, context: quiet, view: &view) { rules = reloaded }
                    refresh = true
                }
            }
            if let due = searchAt, waiter.now() >= due, var search = view.adding {
                searchAt = nil
                errors.set(nil)
                search.hits = search.query.trimmingSpaces.isEmpty ? [] : find(search.query, context: quiet, rules: rules)
                search.searched = search.query
                search.chosen = 0
                view.adding = search
            }
            if refresh {
                errors.set(nil)
                table = fetch(quiet, rules: rules, fresh: fresh).0
                next = waiter.now() + interval
            }
        }
    }

    /// The chart page of `row`'s coin: `show`'s default range from the history store and its
    /// provider; nil (and a notice saying why) when it cannot be drawn.
    private static func chart(of row: WatchTable.Row?, context: CommandContext, rules: RulesFile,
                              view: inout WatchLiveState) -> WatchLiveState.ChartPage? {
        guard let row, let quote = row.quote else {
            view.notice = row.map { "no quote for \($0.coin), so no chart" }
            return nil
        }
        var session = WatchSession.open(context, rules: rules)
        defer { session.finish() }
        let provider = ProviderName(rawValue: quote.provider) ?? ProviderRegistry.fallback
        switch ShowChart.load(ShowChart.defaultRange, quote: quote, provider: provider, session: &session) {
        case .failure(let error):
            view.notice = "no chart for \(row.coin): \(error.message)"
            return nil
        case .success(let loaded):
            let title = "\(quote.name) (\(quote.symbol.uppercased()))  \(NumberText.money(quote.price, vs: quote.vs))  ·  \(row.coin) on \(quote.provider)"
            return WatchLiveState.ChartPage(title: title, points: loaded.points, range: ShowChart.defaultRange, vs: quote.vs)
        }
    }

    /// The hits of the provider `favorites add` resolves with for `query` (empty on an error, which the footer shows).
    private static func find(_ query: String, context: CommandContext, rules: RulesFile) -> [CatalogCoin] {
        guard let provider = FavoritesCommand.resolvers(context, rules: rules).first(where: SearchCommand.capable.contains) else {
            context.io.err("no provider in rules.json can search; use 'coinwatch favorites add COIN'\n")
            return []
        }
        var session = WatchSession.open(context, rules: rules)
        defer { session.finish() }
        switch SearchCommand.search(query.trimmingSpaces, provider: provider, limit: 10, session: &session) {
        case .success(let hits): return Array(hits.prefix(10))
        case .failure(let error):
            context.io.err(session.describe(error) + "\n")
            return []
        }
    }

    /// Adds `coin` through `favorites add` (its output becomes the footer's notice) and returns
    /// rules.json read again, or nil when it could not be.
    private static func add(_ coin: String, context: CommandContext, view: inout WatchLiveState) -> RulesFile? {
        let said = ErrorLine()
        var adding = context
        adding.io.out = { said.set($0) }
        adding.io.err = { said.set($0) }
        _ = try? FavoritesCommand.add([coin], context: adding)
        view.notice = said.last.map { $0.hasPrefix("coinwatch: ") ? String($0.dropFirst(11)) : $0 }
        return try? adding.loadRules(tolerateUnsetVariables: true)
    }

    /// The last error line a fetch wrote (shown in the live view's footer instead of on stderr).
    final class ErrorLine: Sendable {
        private let line = Mutex<String?>(nil)
        /// The last line written since the last `set(nil)`.
        var last: String? { line.withLock { $0 } }
        /// Keeps the last line of `text` (nil forgets it).
        func set(_ text: String?) {
            line.withLock { $0 = text.map { String($0.split(separator: "\n").last ?? "") } }
        }
    }
}
