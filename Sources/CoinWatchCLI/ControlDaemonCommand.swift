import CoinWatchSupport
/// `coinwatch control` (SPEC §13): the chat side alone, as a daemon — it answers commands from the
/// chats in rules.json's `control` and runs no passes. SIGINT/SIGTERM end it with status 0.
enum ControlDaemonCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        try context.noArguments()
        let rules = try context.loadRules(unavailableSinks: true)
        guard rules.control != nil else {
            throw context.fail(.dataError, "coinwatch: \(context.rulesPath) has no \"control\"; add one naming your chat sink and your user id (see docs/control.md)")
        }
        let sides = ChatControl.sides(context, rules: rules)
        guard !sides.isEmpty else { return .failure }
        let waiter = try SignalWaiter.install(context) { "cannot set up signal handling for control: \($0)" }
        for side in sides { _ = ConcurrentJobs.detach { ChatControl.run(side, sleeper: context.sleeper) } }
        while !waiter.take().contains(.stop) {
            waiter.wait(until: waiter.now() + 3_600)
        }
        return .success
    }
}
