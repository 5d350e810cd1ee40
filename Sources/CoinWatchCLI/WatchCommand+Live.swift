import CoinWatchSupport
import CoinWatchRules
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension WatchCommand {
    /// The live view on a terminal: the alternate screen, one frame per change (a fetch, a key, a
    /// resize), a fetch every `--interval` (default: rules.json `interval`). Returns 0 when `q`, Ctrl-C,
    /// SIGINT, SIGTERM or SIGHUP ends it or stdin closes, with the terminal restored on each of them.
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
        let errors = ErrorLine()
        quiet.io.err = { errors.set($0) }
        let terminal = WatchTerminal()
        defer { terminal.restore() }
        var view = WatchLiveState(sort: sort)
        var size = WatchTerminal.size()
        terminal.draw([TextCell.fit("coinwatch watch — fetching quotes…", size.columns)], columns: size.columns, rows: size.rows)
        var table = fetch(quiet, rules: rules).0
        var next = waiter.now() + interval
        while true {
            size = WatchTerminal.size()
            let lines = view.frame(table, width: size.columns, rows: size.rows, color: context.color, error: errors.last)
            terminal.draw(lines, columns: size.columns, rows: size.rows)
            let keyed = waiter.wait(until: next, input: 0)
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
                }
            }
            if refresh {
                errors.set(nil)
                table = fetch(quiet, rules: rules, fresh: fresh).0
                next = waiter.now() + interval
            }
        }
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
