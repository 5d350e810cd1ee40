import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// `coinwatch state show | reset [--rule ID]` (SPEC §1, §5).
enum StateCommand {
    static let actions = ["show", "reset"]

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let action = context.arguments.positionals.first
        if context.arguments.rule != nil, action != "reset" {
            throw context.usage("Error: '--rule' applies only to 'state reset'. See 'coinwatch state --help'.")
        }
        if context.arguments.positionals.count > 1 {
            throw context.usage("Error: Unexpected argument '\(context.arguments.positionals[1])'. See 'coinwatch state --help'.")
        }
        switch action {
        case "show": return try show(context)
        case "reset": return try reset(context)
        case let other?:
            throw context.usage("Error: Unknown state command '\(other)'.\(Suggestion.phrase(for: other, in: actions)) Use show or reset.")
        case nil:
            throw context.usage("Error: Missing state command: 'show' or 'reset'.")
        }
    }

    /// Moves the state file aside and starts over; with `--rule`, forgets only that rule's
    /// pairs (the old file is still kept aside). Holds the state lock throughout.
    private static func reset(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let path = context.statePath
        let now = context.clock.now().timeIntervalSince1970
        let say = { (line: String) in if !context.arguments.quiet { context.io.out(line + "\n") } }
        do throws(StateError) {
            let lock = try StateLock.acquire(statePath: path, timeout: context.lockTimeout)
            defer { lock.release() }
            guard let rule = context.arguments.rule else {
                guard let moved = try StateStore.reset(path: path, now: now) else {
                    say("no state at \(path); nothing to reset")
                    return .success
                }
                say("moved \(path) to \(moved); the next pass starts over")
                return .success
            }
            var state = try StateStore.load(path: path)
            let keys = state.pairs.keys.filter { StateDocument.splitPairKey($0).rule == rule }
            guard !keys.isEmpty else {
                let rules = Set(state.pairs.keys.map { StateDocument.splitPairKey($0).rule }).sorted()
                return context.fail(.failure, "coinwatch: state \(path) has no pairs of rule '\(rule)'; nothing reset."
                    + Suggestion.phrase(for: rule, in: rules)).code
            }
            state.removePairs(rule: rule)
            let moved = try StateStore.reset(path: path, now: now)
            try StateStore.save(state, to: path)
            say("forgot \(keys.count) pair(s) of rule \(rule)" + (moved.map { "; the old state is kept at \($0)" } ?? ""))
            return .success
        } catch {
            throw context.fail(error.exitCode, "coinwatch: \(error.message)")
        }
    }
}
