import CoinWatchSupport
/// `coinwatch control` (SPEC §13): the chat side alone, as a daemon — it answers commands from the
/// chats in rules.json's `control` and runs no passes. SIGHUP re-reads rules.json and sets the chats up again with it;
/// SIGINT/SIGTERM end it with status 0.
enum ControlDaemonCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        try context.noArguments()
        let rules = try context.loadRules(unavailableSinks: true)
        guard rules.control != nil else {
            throw context.fail(.dataError, "coinwatch: \(context.rulesPath) has no \"control\"; add one naming your chat sink and your user id (see docs/control.md)")
        }
        let waiter = try SignalWaiter.install(context) { "cannot set up signal handling for control: \($0)" }
        guard ChatControl.startBeside(context, rules: rules) else { return .failure }
        while true {
            let signals = waiter.take()
            if signals.contains(.stop) { return .success }
            if signals.contains(.reload) { _ = LoopRunner.reload(path: context.rulesPath, context: context) }
            waiter.wait(until: waiter.now() + 3_600)
        }
    }
}
