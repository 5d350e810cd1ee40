import CoinWatchSupport
import CoinWatchRules
import CoinWatchEngine
/// `coinwatch control` (SPEC §13): the chat side alone, as a daemon — it answers commands from the
/// chats in rules.json's `control` and runs no passes. SIGINT/SIGTERM end it with status 0.
enum ControlDaemonCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        if let extra = context.arguments.positionals.first {
            context.io.err("Error: 'control' takes no arguments, got '\(TerminalText.clean(extra))'. Usage: \(HelpText.usage(.control))\n")
            return .usage
        }
        let rules: RulesFile
        switch context.loadRules(unavailableSinks: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        guard rules.control != nil else {
            context.io.err("coinwatch: \(context.rulesPath) has no \"control\"; add one naming your chat sink and your user id (see docs/control.md)\n")
            return .dataError
        }
        let sides = ChatControl.sides(context, rules: rules)
        guard !sides.isEmpty else { return .failure }
        let waiter: SignalWaiter
        do {
            waiter = try SignalWaiter.install()
        } catch {
            context.io.err("coinwatch: cannot set up signal handling for control: \(error.detail)\n")
            return .failure
        }
        for side in sides { _ = ConcurrentJobs.detach { ChatControl.run(side, sleeper: context.sleeper) } }
        while !waiter.take().contains(.stop) {
            waiter.wait(until: waiter.now() + 3_600)
        }
        return .success
    }
}
