import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch outbox list | retry [ID] | drop ID` (SPEC §11): the webhook messages waiting in the outbox (and, listed
/// with them, the file sinks' records waiting for their file); an id is 12 hex digits of its sink and Idempotency-Key,
/// and any unique prefix of 4 or more is taken.
enum OutboxCommand {
    static let actions = ["list", "retry", "drop"]
    /// Digits of the key shown as the id.
    static let idLength = 12

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let positionals = context.arguments.positionals
        guard let action = positionals.first else {
            throw context.usage("Error: Missing outbox command: 'list', 'retry [ID]' or 'drop ID'.")
        }
        let rest = Array(positionals.dropFirst())
        switch action {
        case "list" where rest.isEmpty: return try list(context)
        case "retry" where rest.count <= 1: return try retry(rest.first, context: context)
        case "drop" where rest.count == 1: return try drop(rest[0], context: context)
        case "list", "retry", "drop":
            throw context.usage("Error: Usage: coinwatch outbox list | retry [ID] | drop ID. See 'coinwatch outbox --help'.")
        default:
            throw context.usage("Error: Unknown outbox command '\(action)'.\(Suggestion.phrase(for: action, in: actions)) Use list, retry or drop.")
        }
    }

    private static func list(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let rows = OutboxRow.all(try context.loadState(), rules: try? context.loadRules(tolerateUnsetVariables: true))
        if context.arguments.json {
            let items = rows.map { row in
                var o = JSONOut()
                if let entry = row.entry {
                    o.add("id", entry.shownID)
                    o.add("key", entry.key)
                    o.add("sink", entry.sink)
                    o.addRaw("alerts", JSONOut.array(entry.alerts.map(\.id).map(JSONOut.quote)))
                    o.addRaw("rules", JSONOut.array(entry.alerts.map(\.rule).uniqued().map(JSONOut.quote)))
                    o.add("attempts", entry.attempts)
                    o.add("last_error", row.note)
                    o.add("queued", TimeText.iso(entry.queuedAt))
                    o.add("next_try", row.nextTry)
                    o.add("not_before", entry.notBefore.map(TimeText.iso))
                } else {
                    o.add("sink", row.sink)
                    o.add("path", row.path)
                    o.add("records", row.records)
                    o.add("next_try", row.nextTry)
                }
                o.add("held_by", row.heldBy)
                return o.text
            }
            context.io.out(#"{"outbox":"# + JSONOut.array(items) + "}\n")
            return .success
        }
        guard !context.arguments.quiet else { return .success }
        guard !rows.isEmpty else {
            // Empty says nothing of what was refused for good: that was reported by its pass (exit 1, `undelivered` records).
            context.io.out("the outbox is empty: no message is waiting for a retry or for quiet hours\n")
            return .success
        }
        let sinkWidth = min(24, max(6, (rows.map { TextCell.width($0.sink) }.max() ?? 0) + 2))
        var out = "ID".padding(to: idLength + 2) + "SINK".padding(to: sinkWidth) + "ALERTS".padding(to: 28)
            + "TRIES".padding(to: 7) + "HELD BY".padding(to: 13) + "NEXT TRY".padding(to: 34) + "LAST ERROR\n"
        for row in rows {
            out += row.id.padding(to: idLength + 2) + row.sink.padding(to: sinkWidth) + TextCell.left(row.what, 26) + "  "
                + (row.entry.map { String($0.attempts) } ?? "-").padding(to: 7) + row.heldBy.padding(to: 13)
                + row.nextTry.padding(to: 34) + SilenceTarget.shown(row.note ?? "-") + "\n"
        }
        context.io.out(out)
        return .success
    }

    /// The entry whose key starts with `id` (4 or more digits); nil, with the problem printed, when not one does.
    private static func find(_ id: String, in outbox: [OutboxEntry], context: CommandContext) -> Int? {
        let matches = outbox.indices.filter { id.count >= 4 && outbox[$0].shownID.hasPrefix(id.lowercased()) }
        if matches.count == 1, let index = matches.first { return index }
        if matches.count > 1 {
            context.io.err("coinwatch: outbox id '\(id)' is ambiguous (\(matches.count) messages); give more digits (see 'coinwatch outbox list').\n")
        } else {
            context.io.err("coinwatch: no message '\(SilenceTarget.shown(id))' in the outbox.\(Suggestion.phrase(for: id, in: outbox.map(\.shownID)))"
                + " See 'coinwatch outbox list'.\n")
        }
        return nil
    }

    /// Loads rules.json (its unset variables tolerated; when `sending`, as a pass does: a sink with one is unavailable and
    /// keeps its messages), then edits the state under the lock with `change` (given the delivery and the time); the
    /// state is saved when it changed.
    private static func edit(_ context: CommandContext, sending: Bool,
                             _ change: (inout StateDocument, Delivery, Double) -> ExitCode) throws(ExitCodeError) -> ExitCode {
        let rules = try context.loadRules(tolerateUnsetVariables: !sending, unavailableSinks: sending)
        let delivery = RunCommand.makePass(context, rules: rules).delivery
        let now = context.clock.now().timeIntervalSince1970
        return try context.updateState { change(&$0, delivery, now) }
    }

    /// Appends the file records waiting for their file, then sends now (all, or the one `id` names), ignoring quiet hours
    /// and `Retry-After`; exit 1 when some message or record stays undelivered.
    private static func retry(_ id: String?, context: CommandContext) throws(ExitCodeError) -> ExitCode {
        try edit(context, sending: true) { state, delivery, now in
            // The whole spool goes along, so a file gets its waiting records before any this retry adds.
            var chosen = StateDocument()
            chosen.fileSpool = state.fileSpool
            var others: [OutboxEntry] = []
            if let id {
                guard let index = find(id, in: state.outbox, context: context) else { return .failure }
                chosen.outbox = [state.outbox[index]]
                others = state.outbox.enumerated().filter { $0.offset != index }.map(\.element)
            } else {
                chosen.outbox = state.outbox
            }
            let waiting = state.backlog.spooledRecords
            guard !chosen.outbox.isEmpty || waiting > 0 else {
                if !context.arguments.quiet { context.io.out("the outbox is empty; nothing to retry\n") }
                return .success
            }
            let tried = chosen.outbox.count
            let report = delivery.retryOutbox(state: &chosen, now: now, environment: context.io.environment)
            state.outbox = OutboxPlan.oldestFirst(others + chosen.outbox)
            state.fileSpool = chosen.fileSpool
            for line in report.errors { context.io.err("coinwatch: \(line)\n") }
            if !context.arguments.quiet {
                if tried > 0 {
                    context.io.out("retried \(tried) message(s): \(report.delivered) delivered, \(chosen.outbox.count) still in the outbox\n")
                }
                if waiting > 0 {
                    context.io.out("appended \(report.appended) file record(s), \(chosen.backlog.spooledRecords) still waiting for their file\n")
                }
            }
            return report.failed || !chosen.outbox.isEmpty ? .failure : .success
        }
    }

    /// Removes one message, with an `undelivered` record of each of its alerts in every file sink.
    private static func drop(_ id: String, context: CommandContext) throws(ExitCodeError) -> ExitCode {
        try edit(context, sending: false) { state, delivery, now in
            guard let index = find(id, in: state.outbox, context: context) else { return .failure }
            let entry = state.outbox.remove(at: index)
            let report = delivery.recordDropped(entry, state: &state, now: now)
            for line in report.errors { context.io.err("coinwatch: \(line)\n") }
            if !context.arguments.quiet {
                let files = delivery.filePaths
                context.io.out("dropped \(entry.shownID) (\(Delivery.describe(entry.alerts)) for \(entry.sink))"
                    + (files.isEmpty ? "; no file sink records it" : "; recorded as undelivered in \(files.joined(separator: ", "))") + "\n")
            }
            return report.failed ? .failure : .success
        }
    }
}
