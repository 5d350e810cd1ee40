import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// `coinwatch check`: validates rules.json and prints the plan; makes no request.
enum CheckCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        if context.arguments.conditions {
            context.io.out(context.arguments.json ? ConditionRegistry.json() + "\n" : ConditionRegistry.text())
            return .success
        }
        let state = try? StateStore.load(path: context.statePath)
        // Only `check` warns about a rule whose `expires` has passed: a pass would say it every minute.
        let now = context.clock.now().timeIntervalSince1970
        let rules = try context.loadRules(expiredAsOf: now, symbols: state?.memory.symbols ?? [:])
        let silences = (state?.silences ?? []).filter { $0.until > now }
        let plan = Plan(rules: rules, silences: silences, symbols: state?.memory.symbols ?? [:])
        if context.arguments.online { return try CheckOnline.run(context, plan: plan) }
        guard !context.arguments.quiet else { return .success }
        let fresh = !POSIXFile.exists(context.statePath)
        if context.arguments.json {
            context.io.out(plan.json(extra: [("state_exists", fresh ? "false" : "true")]) + "\n")
            return .success
        }
        context.io.out(plan.text())
        if fresh {
            context.io.out("hint: no state yet at \(context.statePath): run 'coinwatch --once --baseline' first, "
                + "so that conditions already true record quietly instead of all notifying at once\n")
        }
        return .success
    }
}
