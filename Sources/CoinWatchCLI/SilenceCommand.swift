import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// `coinwatch silence add TARGET --for DUR [--comment TEXT] | list | expire ID` (SPEC §11), after
/// Alertmanager's `amtool silence`. Silences live in the state; the pairs they cover are evaluated
/// but notify nothing (`NotifyDecision`, reason `silenced`).
enum SilenceCommand {
    static let actions = ["add", "list", "expire"]
    /// The longest silence: one year (seconds).
    static let longest = Silence.longest

    static func run(_ context: CommandContext) -> ExitCode {
        let positionals = context.arguments.positionals
        guard let action = positionals.first else {
            context.io.err("Error: Missing silence command: 'add TARGET --for DUR', 'list' or 'expire ID'.\n")
            return .usage
        }
        let rest = Array(positionals.dropFirst())
        if action != "add", context.arguments.silenceFor != nil || context.arguments.comment != nil {
            context.io.err("Error: '--for' and '--comment' apply only to 'silence add'. See 'coinwatch silence --help'.\n")
            return .usage
        }
        switch action {
        case "add":
            guard rest.count == 1 else {
                context.io.err(rest.isEmpty
                    ? "Error: Missing target. Usage: coinwatch silence add TARGET --for DUR (TARGET: a rule id, a favorite, RULE:COIN or '*').\n"
                    : "Error: Unexpected argument '\(rest[1])'; 'silence add' takes one target (quote '*').\n")
                return .usage
            }
            return add(rest[0], context: context)
        case "list":
            guard rest.isEmpty else {
                context.io.err("Error: Unexpected argument '\(rest[0])'. See 'coinwatch silence --help'.\n")
                return .usage
            }
            return list(context)
        case "expire":
            guard rest.count == 1 else {
                context.io.err("Error: 'silence expire' takes one silence id (see 'coinwatch silence list').\n")
                return .usage
            }
            return expire(rest[0], context: context)
        default:
            context.io.err("Error: Unknown silence command '\(action)'.\(Suggestion.phrase(for: action, in: actions)) Use add, list or expire.\n")
            return .usage
        }
    }

    /// Adds a silence of `target` for `--for`, printing its id (first, for scripts), what it
    /// silences and until when.
    private static func add(_ target: String, context: CommandContext) -> ExitCode {
        guard let text = context.arguments.silenceFor else {
            context.io.err("Error: silence.for: missing; add '--for DUR' (a duration like 90s, 15m, 1h30m, 7d).\n")
            return .usage
        }
        let seconds: Double
        do {
            seconds = try DurationParser.parse(text)
        } catch {
            context.io.err("Error: silence.for: '\(text)' is not a duration: \(error.reason); \(DurationParser.hint).\n")
            return .usage
        }
        guard seconds > 0, seconds <= longest else {
            context.io.err("Error: silence.for: '\(text)' must be longer than 0s and at most 366d.\n")
            return .usage
        }
        let rules: RulesFile
        switch context.loadRules(tolerateUnsetVariables: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        if let problem = SilenceTarget.problem(target, rules: rules) {
            context.io.err("coinwatch: silence.target: \(problem)\n")
            return .failure
        }
        let now = context.clock.now().timeIntervalSince1970
        let comment = context.arguments.comment.map(\.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 }
        do {
            let silence = try StateStore.update(path: context.statePath, lockTimeout: context.lockTimeout) { state in
                state.silences.removeAll { $0.until <= now }
                let silence = Silence(id: Silence.newID(target: target, now: now, taken: Set(state.silences.map(\.id))),
                                      target: target, until: now + seconds, created: now, comment: comment)
                state.silences.append(silence)
                return silence
            }
            if context.arguments.json {
                context.io.out(json(silence) + "\n")
            } else if !context.arguments.quiet {
                context.io.out("\(silence.id)  silenced \(SilenceTarget.described(target, rules: rules)) until "
                               + "\(TimeText.clock(silence.until, local: true, withDate: true)) (\(TimeText.duration(seconds)))\n")
            }
            return .success
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
    }

    /// The silences in force: id, target, until, comment (text or `--json`).
    private static func list(_ context: CommandContext) -> ExitCode {
        let state: StateDocument
        do {
            state = try StateStore.load(path: context.statePath, sections: .silences)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
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
        let targetWidth = min(40, max(8, (active.map(\.target.count).max() ?? 0) + 2))
        var out = "ID".padding(to: 10) + "TARGET".padding(to: targetWidth) + "UNTIL".padding(to: 22) + "COMMENT\n"
        for silence in active {
            out += silence.id.padding(to: 10) + shown(silence.target).padding(to: targetWidth)
                + TimeText.iso(silence.until).padding(to: 22) + shown(silence.comment ?? "") + "\n"
        }
        context.io.out(out)
        return .success
    }

    /// Ends silence `id` now (it is removed); an unknown id gets a did-you-mean and exit 1.
    private static func expire(_ id: String, context: CommandContext) -> ExitCode {
        let now = context.clock.now().timeIntervalSince1970
        do {
            let removed = try StateStore.update(path: context.statePath, lockTimeout: context.lockTimeout) { state -> Silence? in
                state.silences.removeAll { $0.until <= now }
                guard let index = state.silences.firstIndex(where: { $0.id == id }) else { return nil }
                return state.silences.remove(at: index)
            }
            guard let removed else {
                let ids = (try? StateStore.load(path: context.statePath))?.silences.filter { $0.until > now }.map(\.id) ?? []
                context.io.err("coinwatch: no silence '\(shown(id))' is in force.\(Suggestion.phrase(for: id, in: ids)) See 'coinwatch silence list'.\n")
                return .failure
            }
            if !context.arguments.quiet {
                context.io.out("expired \(removed.id) (\(shown(removed.target))); its pairs notify again from the next pass\n")
            }
            return .success
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
    }

    /// User text on one line without control characters, for the terminal.
    static func shown(_ text: String) -> String { SilenceTarget.shown(text) }

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
