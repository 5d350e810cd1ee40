import CoinWatchSupport
import CoinWatchRules
/// `coinwatch control` (SPEC §13): the chat side alone, as a daemon — it answers commands from the
/// chats in rules.json's `control` and runs no passes. SIGHUP re-reads rules.json and sets the chats up again with it;
/// SIGINT/SIGTERM end it with status 0. Rules with no `control`, or none of whose chats can be read, end it as they
/// would refuse its start: 65 or 1.
enum ControlDaemonCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let rules = try context.loadRules(unavailableSinks: true)
        let waiter = try SignalWaiter.install(context) { "cannot set up signal handling for control: \($0)" }
        ChatControl.startBeside(context, rules: rules)
        try requireReading(rules, context)
        while true {
            let signals = waiter.take()
            if signals.contains(.stop) { return .success }
            if signals.contains(.reload), let reloaded = LoopRunner.reload(path: context.rulesPath, context: context) {
                try requireReading(reloaded, context)
            }
            waiter.wait(until: waiter.now() + 3_600)
        }
    }

    /// Throws when `rules` set chat control up without a chat to read, at the start as after a SIGHUP: exit 65 when they
    /// have no `control`, else 1 with a closing line (after the lines that said why, when there were any).
    private static func requireReading(_ rules: RulesFile, _ context: CommandContext) throws(ExitCodeError) {
        guard !ChatControl.reading else { return }
        guard rules.control != nil else {
            throw context.fail(.dataError, "coinwatch: \(context.rulesPath) has no \"control\", so chat control is off; "
                               + "add one naming your chat sink and your user id (see docs/control.md)")
        }
        throw context.fail(.failure, "coinwatch: control: no chat of \(context.rulesPath) is read, so chat control is off; exiting")
    }
}
