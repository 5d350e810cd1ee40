#if canImport(Glibc)
import Glibc
#endif

/// Set by the signal handlers; read between and during passes.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0
nonisolated(unsafe) private var reloadRequested: sig_atomic_t = 0

/// Loop mode: one pass every interval on a schedule that does not drift; passes never
/// overlap; SIGINT/SIGTERM finish the pass in progress and exit 0; SIGHUP re-reads
/// rules.json before the next pass (an invalid file keeps the old rules).
struct LoopRunner {
    var context: CommandContext
    var rules: RulesFile

    func run() -> ExitCode {
        installHandlers()
        var rules = self.rules
        let interval = context.arguments.interval ?? rules.interval
        var next = context.clock.now().timeIntervalSince1970
        while stopRequested == 0 {
            if reloadRequested != 0 {
                reloadRequested = 0
                switch context.loadRules() {
                case .success(let fresh):
                    rules = fresh
                    context.io.err("coinwatch: reloaded \(context.rulesPath)\n")
                case .failure:
                    context.io.err("coinwatch: \(context.rulesPath) is invalid; keeping the rules in force\n")
                }
            }
            let code = RunCommand.onePass(context, rules: rules)
            if code == .dataError { return code }
            next += interval
            let now = context.clock.now().timeIntervalSince1970
            while next <= now { next += interval }
            sleep(until: next)
        }
        return .success
    }

    /// Sleeps until `deadline` (seconds since 1970) or a stop/reload signal.
    private func sleep(until deadline: Double) {
        while stopRequested == 0 {
            let remaining = deadline - context.clock.now().timeIntervalSince1970
            if remaining <= 0 { return }
            let slice = min(remaining, 1.0)
            var request = timespec(tv_sec: Int(slice), tv_nsec: Int((slice - slice.rounded(.down)) * 1e9))
            _ = nanosleep(&request, nil)
        }
    }

    private func installHandlers() {
        signal(SIGINT) { _ in stopRequested = 1 }
        signal(SIGTERM) { _ in stopRequested = 1 }
        signal(SIGHUP) { _ in reloadRequested = 1 }
    }
}
