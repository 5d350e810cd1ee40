import CoinWatchSupport
import CoinWatchRules
/// `coinwatch notify --test [--sink NAME]`: sends a test message to every sink (or one) at once, with
/// the usual retries but no quiet hours, grouping or outbox, and reports per sink; no state is touched.
enum NotifyCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let io = context.io
        guard context.arguments.test else {
            throw context.usage("Error: 'notify' needs --test: coinwatch notify --test [--sink <name>]. See 'coinwatch notify --help'.")
        }
        let rules = try context.loadRules(unavailableSinks: true)
        var names = ["stdout"] + rules.sinks.keys.filter { $0 != "stdout" }.sorted()
        if let only = context.arguments.sink {
            guard rules.sinks[only] != nil else {
                throw context.usage("Error: Unknown sink '\(only)'.\(Suggestion.phrase(for: only, in: names)) "
                    + "Sinks in \(rules.path): \(names.joined(separator: ", ")).")
            }
            names = [only]
        }
        let test = NotifyTest(rules: rules, transport: context.transport, sleeper: context.sleeper, retry: context.retryPolicy)
        let json = context.arguments.json
        let results = test.send(to: names, now: context.clock.now().timeIntervalSince1970, io: io,
                                printToStdout: !json && !context.arguments.quiet)
        for result in results {
            if let error = result.error { io.err("coinwatch: \(result.describedSink): \(error)\n") }
        }
        if !context.arguments.quiet {
            io.out(json ? NotifyTest.json(results) + "\n" : NotifyTest.text(results))
        }
        return results.contains { $0.error != nil } ? .failure : .success
    }
}
