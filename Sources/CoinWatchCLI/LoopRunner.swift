import CoinWatchSupport
import CoinWatchRules
import CoinWatchEngine
/// Loop mode (SPEC §1): one pass every interval without drift or overlap; SIGINT/SIGTERM exit 0 after
/// the pass in progress, SIGHUP re-reads rules.json before the next. Each turn: pass -> signals -> wait.
struct LoopRunner {
    /// The invocation: arguments (`--interval`), streams, environment.
    var context: CommandContext
    /// The rules.json path, fixed at start so a reload reads the same file.
    var rulesPath: String
    /// The rules loaded at start.
    var rules: RulesFile
    /// The clock and the signals.
    var waiter: any LoopWaiter
    /// Runs one pass with the given rules and returns its exit code.
    var pass: (RulesFile) -> ExitCode

    /// Runs passes until SIGINT/SIGTERM (exit 0) or until the state file is invalid (exit 65).
    func run() -> ExitCode {
        var rules = self.rules
        var schedule = LoopSchedule(anchor: waiter.now(), interval: interval(of: rules))
        while true {
            let started = waiter.now()
            if pass(rules) == .dataError { return .dataError }
            var due = schedule.tick(after: waiter.now())
            while true {
                let signals = waiter.take()
                if signals.contains(.stop) { return .success }
                if signals.contains(.reload) {
                    rules = Self.reload(path: rulesPath, context: context) ?? rules
                    if interval(of: rules) != schedule.interval {
                        schedule = LoopSchedule(anchor: started, interval: interval(of: rules))
                        due = schedule.tick(after: waiter.now())
                    }
                }
                if waiter.now() >= due { break }
                waiter.wait(until: due)
            }
        }
    }

    /// Seconds between passes: `--interval`, else rules.json `interval` (60 s when absent).
    private func interval(of rules: RulesFile) -> Double {
        context.arguments.interval ?? rules.interval
    }

    /// The rules at `path` now (warnings printed, "reloaded" said, chat control set up again with them, through
    /// `mailbox` for `stream`), or nil with one line on stderr when it is unreadable or invalid (the caller keeps the
    /// rules in force). Loop mode, `stream` and `coinwatch control`.
    static func reload(path: String, context: CommandContext, mailbox: ControlMailbox? = nil) -> RulesFile? {
        let io = context.io
        do {
            let loaded = try RulesLoader.load(path: path, environment: io.environment, unavailableSinks: true)
            context.outputGuard.learn(loaded.rules)
            for warning in loaded.warnings { io.err("\(warning.description)\n") }
            io.err("coinwatch: reloaded \(path)\n")
            ChatControl.startBeside(context, rules: loaded.rules, mailbox: mailbox)
            return loaded.rules
        } catch {
            io.err("coinwatch: not reloaded, the rules in force stay: \(Self.summary(of: error)); fix it (see 'coinwatch check') and send SIGHUP again\n")
            return nil
        }
    }

    /// The first problem of a failed load, with a count of the others, as one line.
    static func summary(of error: RulesLoadError) -> String {
        switch error {
        case .unreadable(_, let reason):
            return reason
        case .invalid(let path, let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }
            guard let first = errors.first else { return "\(path) is invalid" }
            let more = errors.count > 1 ? " (and \(errors.count - 1) more problem\(errors.count == 2 ? "" : "s"))" : ""
            return first.description + more
        }
    }
}
