import CoinWatchSupport
import CoinWatchRules
import CoinWatchEngine

/// `coinwatch log` (SPEC §11): past alerts from the rules' first `file` sink (or `--file`), oldest first,
/// one aligned line each or JSON Lines; `--limit` reads backward only as far as it must, `--follow` tails.
enum LogCommand {
    /// Seconds between two looks at a followed log.
    static let followInterval = 0.2

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let arguments = context.arguments
        let now = context.clock.now().timeIntervalSince1970
        var filter = AlertLogFilter(rule: arguments.rule, coin: arguments.coin, status: arguments.status)
        if let since = arguments.since {
            guard let instant = Self.instant(since, now: now) else {
                throw context.usage("Error: '--since \(TerminalText.clean(since))' is neither a duration (90s, 15m, 1h30m, 7d) nor a time; \(DateTimeParser.hint).")
            }
            filter.since = instant
        }
        var layout = Layout()
        let path: String
        if let file = arguments.file {
            path = file
        } else {
            let rules = try context.loadRules(tolerateUnsetVariables: true)
            guard let first = rules.firstFileSinkPath else {
                for name in rules.sinkOrder {
                    guard case .unavailable("file", let reason)? = rules.sinks[name] else { continue }
                    throw context.fail(.failure, "coinwatch: file sink '\(name)' is unavailable: \(reason); or read a log with --file PATH")
                }
                throw context.fail(.failure, "coinwatch: \(rules.path) has no file sink, so no alerts are kept; add one to \"sinks\" "
                    + "(\"log\": {\"type\": \"file\", \"path\": \"alerts.jsonl\"}) and name it in \"notify\", or read a log with --file PATH")
            }
            path = first
            layout.widen(rules: rules.rules.map(\.id), coins: rules.favorites)
        }
        let log: AlertLogFile?
        do {
            log = try AlertLogFile(path: path)
        } catch {
            guard !POSIXFile.exists(path), arguments.file == nil || arguments.follow else {
                if case .file(_, let reason) = error { context.io.err("coinwatch: cannot read \(path): \(reason)\n") }
                return arguments.file != nil && !POSIXFile.exists(path) ? .noInput : .failure
            }
            if !arguments.follow {
                context.io.err("coinwatch: no alerts yet: \(path) does not exist (the file sink creates it with the first alert)\n")
                return .success
            }
            log = nil
        }
        if let log {
            printPast(log, filter: filter, layout: &layout, context: context)
            if log.skipped > 0 { warn(context, path: path, count: log.skipped, at: log.firstSkipped) }
        }
        guard arguments.follow else { return .success }
        return try follow(path, from: log, filter: filter, layout: layout, context: context)
    }

    /// `text` as an instant: a duration back from `now`, else an ISO-8601 time; nil when it is neither.
    static func instant(_ text: String, now: Double) -> Double? {
        if let seconds = try? DurationParser.parse(text) { return now - seconds }
        return DateTimeParser.parse(text)?.timeIntervalSince1970
    }

    /// The records the filter keeps, oldest first: the last `--limit` of them read from the end, else
    /// all of them streamed from the start.
    private static func printPast(_ log: AlertLogFile, filter: AlertLogFilter, layout: inout Layout, context: CommandContext) {
        let tail = !context.arguments.follow
        if let limit = context.arguments.limit {
            var newest: [AlertLogRecord] = []
            log.backward(tail: tail) { record in
                if filter.admits(record) { newest.append(record) }
                return newest.count < limit
            }
            emit(newest.reversed(), layout: &layout, context: context)
            return
        }
        var batch: [AlertLogRecord] = []
        log.forward(tail: tail) { record in
            guard filter.admits(record) else { return }
            batch.append(record)
            if batch.count == 512 {
                emit(batch, layout: &layout, context: context)
                batch.removeAll(keepingCapacity: true)
            }
        }
        emit(batch, layout: &layout, context: context)
    }

    /// Prints what is appended to `path` until a signal ends it (exit 0).
    private static func follow(_ path: String, from log: AlertLogFile?, filter: AlertLogFilter, layout: Layout,
                               context: CommandContext) throws(ExitCodeError) -> ExitCode {
        var layout = layout
        let waiter = try SignalWaiter.install(context) { "cannot follow \(path): \($0)" }
        let follower = AlertLogFollower(path: path, log: log)
        while true {
            let records = follower.poll()
            emit(records.filter(filter.admits), layout: &layout, context: context)
            if follower.skipped > 0 { warn(context, path: path, count: follower.skipped, at: nil) }
            waiter.wait(until: waiter.now() + followInterval)
            if waiter.take().contains(.stop) { return .success }
        }
    }

    /// Prints `records`, the columns widened to their rules and coins (a `"*"` rule's market codes are no favorites).
    private static func emit<Records: Collection<AlertLogRecord>>(_ records: Records, layout: inout Layout, context: CommandContext) {
        guard !context.arguments.quiet else { return }
        layout.widen(rules: records.map(\.rule), coins: records.map(\.coin))
        var out = ""
        for record in records {
            out += (context.arguments.json ? record.line : layout.line(record)) + "\n"
        }
        if !out.isEmpty { context.io.out(out) }
    }

    private static func warn(_ context: CommandContext, path: String, count: Int, at offset: Int64?) {
        let which = count == 1 ? "a line that is not an alert record" : "\(count) lines that are not alert records"
        context.io.err("coinwatch: warning: \(path): skipped \(which) (torn, or written by something else"
            + (offset.map { "; the first at byte \($0))\n" } ?? ")\n"))
    }

    /// The columns of a log line: as wide as the longest rule id and favorite in rules.json (or in
    /// the records shown at once), so lines printed later line up with earlier ones.
    struct Layout {
        var rule = 8
        var coin = 8

        mutating func widen(rules: [String], coins: [String]) {
            rule = min(32, max(rule, rules.map(TextCell.width).max() ?? 0))
            coin = min(32, max(coin, coins.map(TextCell.width).max() ?? 0))
        }

        /// `2026-11-29 13:00:00  btc-100k  bitcoin  firing       BTC crossed above $100,000.00 — …`
        func line(_ record: AlertLogRecord) -> String {
            TimeText.localStamp(record.time) + "  " + TerminalText.clean(record.rule).padding(to: rule + 2)
                + TerminalText.clean(record.coin).padding(to: coin + 2) + TerminalText.clean(record.status).padding(to: 13)
                + TerminalText.clean(record.message)
        }
    }
}
