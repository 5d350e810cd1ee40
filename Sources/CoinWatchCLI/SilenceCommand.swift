import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// `coinwatch silence add TARGET --for DUR [--comment TEXT] | list | expire ID` (SPEC §11), after
/// Alertmanager's `amtool silence`: the pairs a silence covers are evaluated but notify nothing.
enum SilenceCommand {
    static let actions = ["add", "list", "expire"]

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let positionals = context.arguments.positionals
        guard let action = positionals.first else {
            throw context.usage("Error: Missing silence command: 'add TARGET --for DUR', 'list' or 'expire ID'.")
        }
        let rest = Array(positionals.dropFirst())
        if action != "add", context.arguments.silenceFor != nil || context.arguments.comment != nil {
            throw context.usage("Error: '--for' and '--comment' apply only to 'silence add'. See 'coinwatch silence --help'.")
        }
        switch action {
        case "add":
            guard rest.count == 1 else {
                throw context.usage(rest.isEmpty
                    ? "Error: Missing target. Usage: coinwatch silence add TARGET --for DUR (TARGET: a rule id, a favorite, RULE:COIN or '*')."
                    : "Error: Unexpected argument '\(rest[1])'; 'silence add' takes one target (quote '*').")
            }
            return try add(rest[0], context: context)
        case "list":
            guard rest.isEmpty else {
                throw context.usage("Error: Unexpected argument '\(rest[0])'. See 'coinwatch silence --help'.")
            }
            return try list(context)
        case "expire":
            guard rest.count == 1 else {
                throw context.usage("Error: 'silence expire' takes one silence id (see 'coinwatch silence list').")
            }
            return try expire(rest[0], context: context)
        default:
            throw context.usage("Error: Unknown silence command '\(action)'.\(Suggestion.phrase(for: action, in: actions)) Use add, list or expire.")
        }
    }

    /// Adds a silence of `target` for `--for`, printing its id (first, for scripts), what it
    /// silences and until when.
    private static func add(_ target: String, context: CommandContext) throws(ExitCodeError) -> ExitCode {
        guard let text = context.arguments.silenceFor else {
            throw context.usage("Error: silence.for: missing; add '--for DUR' (a duration like 90s, 15m, 1h30m, 7d).")
        }
        let seconds: Double
        do {
            seconds = try DurationParser.parse(text)
        } catch {
            throw context.usage("Error: silence.for: '\(text)' is not a duration: \(error.reason); \(DurationParser.hint).")
        }
        guard seconds > 0, seconds <= Silence.longest else {
            throw context.usage("Error: silence.for: '\(text)' must be longer than 0s and at most 366d.")
        }
        let rules = try context.loadRules(tolerateUnsetVariables: true)
        let symbols = try context.loadState(sections: .symbols).memory.symbols
        let stored: String
        do {
            stored = try SilenceTarget.resolved(target, rules: rules, symbols: symbols)
        } catch {
            throw context.fail(.failure, "coinwatch: silence.target: \(error.message)")
        }
        let now = context.clock.now().timeIntervalSince1970
        let comment = context.arguments.comment.map(\.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 }
        let silence = try context.updateState { state in
            state.silences.removeAll { $0.until <= now }
            let silence = Silence(id: Silence.newID(target: stored, now: now, taken: Set(state.silences.map(\.id))),
                                  target: stored, until: now + seconds, created: now, comment: comment)
            state.silences.append(silence)
            return silence
        }
        if context.arguments.json {
            context.io.out(json(silence) + "\n")
        } else if !context.arguments.quiet {
            context.io.out("\(silence.id)  silenced \(SilenceTarget.described(stored, rules: rules)) until "
                           + "\(TimeText.clock(silence.until, local: true, withDate: true)) (\(TimeText.duration(seconds)))\n")
        }
        return .success
    }

    /// The silences in force: id, target, until, comment (text or `--json`).
    private static func list(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let state = try context.loadState(sections: .silences)
        let now = context.clock.now().timeIntervalSince1970
        let active = state.silences.filter { $0.until > now }
        if context.arguments.json {
            context.io.out(#"{"silences":"# + JSONOut.array(active.map(json)) + "}\n")
            return .success
        }
        guard !context.arguments.quiet else { return .success }
        guard !active.isEmpty else {
            context.io.out("no silences in force; add one with 'coinwatch silence add TARGET --for DUR'\n")
            return .success
        }
        let targetWidth = min(40, max(8, (active.map { TextCell.width(SilenceTarget.shown($0.target)) }.max() ?? 0) + 2))
        var out = "ID".padding(to: 10) + "TARGET".padding(to: targetWidth) + "UNTIL".padding(to: 22) + "COMMENT\n"
        for silence in active {
            out += silence.id.padding(to: 10) + SilenceTarget.shown(silence.target).padding(to: targetWidth)
                + TimeText.iso(silence.until).padding(to: 22) + SilenceTarget.shown(silence.comment ?? "") + "\n"
        }
        context.io.out(out)
        return .success
    }

    /// Ends silence `id` now (it is removed); an unknown id gets a did-you-mean and exit 1.
    private static func expire(_ id: String, context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let now = context.clock.now().timeIntervalSince1970
        // Without one named `id`: the ids in force, for a did-you-mean.
        let (removed, ids) = try context.updateState { state -> (Silence?, [String]) in
            state.silences.removeAll { $0.until <= now }
            guard let index = state.silences.firstIndex(where: { $0.id == id }) else { return (nil, state.silences.map(\.id)) }
            return (state.silences.remove(at: index), [])
        }
        guard let removed else {
            throw context.fail(.failure, "coinwatch: no silence '\(SilenceTarget.shown(id))' is in force."
                + "\(Suggestion.phrase(for: id, in: ids)) See 'coinwatch silence list'.")
        }
        if !context.arguments.quiet {
            let target = SilenceTarget.shown(removed.target)
            context.io.out("expired \(removed.id) (\(target)); its pairs notify again from the next pass\n")
        }
        return .success
    }

    /// One silence as a JSON object.
    static func json(_ silence: Silence) -> String {
        var o = JSONOut()
        o.add("id", silence.id)
        o.add("target", silence.target)
        o.add("until", TimeText.iso(silence.until))
        o.add("created", TimeText.iso(silence.created))
        o.add("comment", silence.comment)
        return o.text
    }

}
