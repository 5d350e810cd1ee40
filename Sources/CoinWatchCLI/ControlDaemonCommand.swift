import CoinWatchSupport
import CoinWatchRules
/// `coinwatch control` (SPEC §13): the chat side alone, as a daemon — it answers commands from the
/// chats in rules.json's `control` and runs no passes. SIGHUP re-reads rules.json and sets the chats up again with it;
/// SIGINT/SIGTERM end it with status 0. Rules with no `control`, or none of whose chats can be read, end it as they
/// would refuse its start: 65 or 1.
enum ControlDaemonCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        try context.noArguments()
        let rules = try context.loadRules(unavailableSinks: true)
        try requireControl(rules, context)
        let waiter = try SignalWaiter.install(context) { "cannot set up signal handling for control: \($0)" }
        guard ChatControl.startBeside(context, rules: rules) else { return .failure }
        while true {
            let signals = waiter.take()
            if signals.contains(.stop) { return .success }
            if signals.contains(.reload), let reloaded = LoopRunner.reload(path: context.rulesPath, context: context), !ChatControl.reading {
                try requireControl(reloaded, context)
                context.io.err("coinwatch: control: no chat of \(context.rulesPath) can be read, so chat control is off; exiting\n")
                return .failure
            }
            waiter.wait(until: waiter.now() + 3_600)
        }
    }

    /// Throws (exit 65, one line) when `rules` has no `control`.
    private static func requireControl(_ rules: RulesFile, _ context: CommandContext) throws(ExitCodeError) {
        guard rules.control == nil else { return }
        throw context.fail(.dataError, "coinwatch: \(context.rulesPath) has no \"control\", so chat control is off; "
                           + "add one naming your chat sink and your user id (see docs/control.md)")
    }
}
