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

    /// What keeps `entry` waiting: quiet hours or a retry.
    static func heldBy(_ entry: OutboxEntry) -> String { entry.held ? "quiet hours" : "retry" }

    /// When the next pass may send it: after the quiet hours, after its `Retry-After`, or the next pass.
    static func nextTry(_ entry: OutboxEntry, rules: RulesFile?) -> String {
        if entry.held {
            if case .webhook(let config)? = rules?.sinks[entry.sink], let quiet = config.quietHours {
                return "after \(TimeText.clock(minutes: quiet.end)) local (quiet hours)"
            }
            return "after the quiet hours"
        }
        if let notBefore = entry.notBefore { return TimeText.iso(notBefore) }
        return "next pass"
    }

    /// The file sinks' records waiting in the state's spool (their file could not be appended to), one row per file:
    /// the sink that writes it (the path when rules.json names none), the path and how many records.
    static func spooled(_ state: StateDocument, rules: RulesFile?) -> [(sink: String, path: String, records: Int)] {
        state.fileSpool.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { path, records in
            let sink = rules?.sinks.filter { if case .file(path) = $0.value { true } else { false } }.keys.min() ?? path
            return (sink, path, records.count)
        }
    }

    private static func list(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let state = try context.loadState()
        let rules = try? context.loadRules(tolerateUnsetVariables: true)
        let entries = state.outbox
        let files = spooled(state, rules: rules)
        let scrubber = rules.map { SecretScrubber(rules: $0) } ?? .none
        if context.arguments.json {
            let items = entries.map { entry in
                var o = JSONOut()
                o.add("id", entry.shownID)
                o.add("key", entry.key)
                o.add("sink", entry.sink)
                o.addRaw("alerts", JSONOut.array(entry.alerts.map(\.id).map(JSONOut.quote)))
                o.addRaw("rules", JSONOut.array(entry.alerts.map(\.rule).uniqued().map(JSONOut.quote)))
                o.add("attempts", entry.attempts)
                o.add("last_error", entry.lastError.map { scrubber.scrub($0.text).text })
                o.add("queued", TimeText.iso(entry.queuedAt))
                o.add("next_try", nextTry(entry, rules: rules))
                o.add("not_before", entry.notBefore.map(TimeText.iso))
                o.add("held_by", heldBy(entry))
                return o.text
            } + files.map { file in
                var o = JSONOut()
                o.add("sink", file.sink)
                o.add("path", file.path)
                o.add("records", file.records)
                o.add("next_try", "next pass")
                o.add("held_by", "retry")
                return o.text
            }
            context.io.out(#"{"outbox":"# + JSONOut.array(items) + "}\n")
            return .success
        }
        guard !context.arguments.quiet else { return .success }
        guard !entries.isEmpty || !files.isEmpty else {
            // Empty says nothing of what was refused for good: that was reported by its pass (exit 1, `undelivered` records).
            context.io.out("the outbox is empty: no message is waiting for a retry or for quiet hours\n")
            return .success
        }
        let sinkWidth = min(24, max(6, ((entries.map(\.sink) + files.map(\.sink)).map(\.count).max() ?? 0) + 2))
        var out = "ID".padding(to: idLength + 2) + "SINK".padding(to: sinkWidth) + "ALERTS".padding(to: 28)
            + "TRIES".padding(to: 7) + "HELD BY".padding(to: 13) + "NEXT TRY".padding(to: 34) + "LAST ERROR\n"
        for entry in entries {
            out += entry.shownID.padding(to: idLength + 2) + entry.sink.padding(to: sinkWidth)
                + TextCell.left(Delivery.describe(entry.alerts), 26) + "  " + String(entry.attempts).padding(to: 7)
                + heldBy(entry).padding(to: 13) + nextTry(entry, rules: rules).padding(to: 34)
                + SilenceTarget.shown(entry.lastError.map { scrubber.scrub($0.text).text } ?? "-") + "\n"
        }
        for file in files {
            out += "-".padding(to: idLength + 2) + file.sink.padding(to: sinkWidth)
                + TextCell.left("\(file.records) record\(file.records == 1 ? "" : "s")", 26) + "  " + "-".padding(to: 7)
                + "retry".padding(to: 13) + "next pass".padding(to: 34)
                + SilenceTarget.shown("not yet appended to \(file.path)") + "\n"
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

    /// Loads rules.json (its unset variables tolerated unless `sending`), then edits the state under
    /// the lock with `change` (given the delivery and the time); the state is saved when it changed.
    private static func edit(_ context: CommandContext, sending: Bool,
                             _ change: (inout StateDocument, Delivery, Double) -> ExitCode) throws(ExitCodeError) -> ExitCode {
        let rules = try context.loadRules(tolerateUnsetVariables: !sending)
        let delivery = RunCommand.makePass(context, rules: rules).delivery
        let now = context.clock.now().timeIntervalSince1970
        return try context.updateState { change(&$0, delivery, now) }
    }

    /// Sends now (all, or the one `id` names), ignoring quiet hours and `Retry-After`; exit 1 when some stays undelivered.
    private static func retry(_ id: String?, context: CommandContext) throws(ExitCodeError) -> ExitCode {
        try edit(context, sending: true) { state, delivery, now in
            var chosen = StateDocument()
            var others: [OutboxEntry] = []
            if let id {
                guard let index = find(id, in: state.outbox, context: context) else { return .failure }
                chosen.outbox = [state.outbox[index]]
                others = state.outbox.enumerated().filter { $0.offset != index }.map(\.element)
            } else {
                chosen.outbox = state.outbox
            }
            guard !chosen.outbox.isEmpty else {
                if !context.arguments.quiet { context.io.out("the outbox is empty; nothing to retry\n") }
                return .success
            }
            let tried = chosen.outbox.count
            let report = delivery.retryOutbox(state: &chosen, now: now, environment: context.io.environment)
            state.outbox = OutboxPlan.oldestFirst(others + chosen.outbox)
            for (path, records) in chosen.fileSpool { state.fileSpool[path, default: []] += records }
            for line in report.errors { context.io.err("coinwatch: \(line)\n") }
            if !context.arguments.quiet {
                context.io.out("retried \(tried) message(s): \(report.delivered) delivered, \(chosen.outbox.count) still in the outbox\n")
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
