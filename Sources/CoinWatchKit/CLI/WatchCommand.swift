import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `coinwatch watch [--once] [--sort KEY] [--interval DUR]` (SPEC §10): the watchlist as a table
/// (`WatchTable`). With `--once`, `--json` or off a terminal it prints once; on a terminal it is a
/// live view (`WatchTerminal`) that fetches again every interval, with keys `q` quit, `s` next sort
/// key, `/` filter, `r` refresh, and that restores the terminal on exit, SIGINT and SIGTERM.
/// It shares the cache and backoff; it never notifies or writes pair state.
enum WatchCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        if let extra = context.arguments.positionals.first {
            context.io.err("Error: 'watch' takes no arguments, got '\(TerminalText.clean(extra))'. Usage: \(HelpText.usage(.watch))\n")
            return .usage
        }
        let rules: RulesFile
        switch context.loadRules(tolerateUnsetVariables: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        let sort = context.arguments.sort ?? .rank
        let live = !context.arguments.once && !context.arguments.json && context.io.stdoutIsTTY && isatty(0) == 1
        guard live else {
            let (table, code) = fetch(context, rules: rules)
            guard !context.arguments.quiet else { return code }
            if context.arguments.json {
                context.io.out(table.json(table.ordered(by: sort)) + "\n")
            } else {
                let width = context.io.stdoutIsTTY ? WatchTerminal.size().columns : 120
                context.io.out(table.lines(table.ordered(by: sort), width: width, color: context.color)
                    .map { $0 + "\n" }.joined())
            }
            return code
        }
        return liveView(context, rules: rules, sort: sort)
    }

    /// The table now: quotes fetched as a pass would (cache, backoff, failover), the state read.
    /// Exit 1 when no provider quoted some favorite (its row says "no quote").
    static func fetch(_ context: CommandContext, rules: RulesFile) -> (WatchTable, ExitCode) {
        var session = WatchSession.open(context, rules: rules)
        defer { session.finish() }
        let fetched = RunCommand.makePass(context, rules: rules).fetcher
            .fetch(favorites: rules.favorites, vs: rules.vsCurrency, memory: &session.state.memory, now: session.now)
        for failure in fetched.failures { context.io.err("coinwatch: \(failure.message)\n") }
        let table = WatchTable(rules: rules, quotes: fetched.quotes, state: session.state, now: session.now)
        return (table, fetched.missing.isEmpty ? .success : .failure)
    }

    /// The live view; returns when `q` is pressed or SIGINT/SIGTERM arrives, the terminal restored.
    static func liveView(_ context: CommandContext, rules: RulesFile, sort: WatchTable.SortKey) -> ExitCode {
        let waiter: SignalWaiter
        do {
            waiter = try SignalWaiter.install(resize: true)
        } catch {
            context.io.err("coinwatch: cannot set up the live view: \(error.detail); use 'coinwatch watch --once'\n")
            return .failure
        }
        let interval = context.arguments.interval ?? rules.interval
        // Provider errors would scroll the screen: the live view shows the last one in its footer.
        var quiet = context
        let errors = ErrorLines()
        quiet.io.err = { errors.add($0) }
        let terminal = WatchTerminal()
        defer { terminal.restore() }
        var view = LiveState(sort: sort)
        var table = fetch(quiet, rules: rules).0
        var next = waiter.now() + interval
        while true {
            let size = WatchTerminal.size()
            terminal.draw(view.frame(table, width: size.columns, color: context.color, error: errors.last), rows: size.rows)
            let keyed = waiter.wait(until: next, input: 0)
            let signals = waiter.take()
            if signals.contains(.stop) { return .success }
            var refresh = waiter.now() >= next || signals.contains(.reload)
            if keyed {
                let keys = terminal.readKeys()
                if keys.isEmpty { return .success }  // stdin closed
                switch view.press(keys) {
                case .quit: return .success
                case .refresh: refresh = true
                case .redraw: break
                }
            }
            if refresh {
                table = fetch(quiet, rules: rules).0
                next = waiter.now() + interval
            }
        }
    }

    /// The live view's sort key, filter and the filter being typed.
    struct LiveState {
        enum Action { case quit, refresh, redraw }

        var sort: WatchTable.SortKey
        var filter = ""
        /// The filter being typed after `/`, nil when not typing.
        var typing: String?

        /// Applies `keys`: `q` quit, `s` next sort key, `r` refresh, `/` start a filter (Enter keeps
        /// it, Escape clears it, Backspace deletes).
        mutating func press(_ keys: [UInt8]) -> Action {
            for key in keys {
                if var text = typing {
                    switch key {
                    case 13, 10: filter = text; typing = nil
                    case 27: filter = ""; typing = nil
                    case 127, 8: if !text.isEmpty { text.removeLast() }; typing = text
                    case 32...126: text.append(Character(Unicode.Scalar(key))); typing = text
                    default: break
                    }
                    continue
                }
                switch key {
                case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3: return .quit
                case UInt8(ascii: "r"): return .refresh
                case UInt8(ascii: "s"):
                    let all = WatchTable.SortKey.allCases
                    sort = all[((all.firstIndex(of: sort) ?? 0) + 1) % all.count]
                case UInt8(ascii: "/"): typing = ""
                case 27: filter = ""
                default: break
                }
            }
            return .redraw
        }

        /// The whole screen: a title line, the table, and a footer with the keys (or the filter being typed).
        func frame(_ table: WatchTable, width: Int, color: ColorPolicy, error: String?) -> [String] {
            let title = "coinwatch watch — \(TimeText.clock(table.time, local: true)) — sort: \(sort.rawValue)"
                + (filter.isEmpty ? "" : " — filter: \(filter)")
            var lines = [TextCell.fit(title, width)]
            lines += table.lines(table.ordered(by: sort, filter: filter), width: width, color: color)
            lines.append("")
            if let error { lines.append(TextCell.fit(error, width)) }
            lines.append(TextCell.fit(typing.map { "filter: \($0)_" } ?? "q quit  s sort  / filter  r refresh", width))
            return lines
        }
    }

    /// The last error line a fetch wrote (shown in the live view's footer instead of on stderr).
    final class ErrorLines: Sendable {
        private let line = Mutex<String?>(nil)
        var last: String? { line.withLock { $0 } }
        func add(_ text: String) {
            line.withLock { $0 = String(text.split(separator: "\n").last ?? "") }
        }
    }
}
