import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchEngine
/// The command line: parses arguments, runs one command, returns its exit code.
package enum CLI {
    /// Runs the command that `arguments` (without the program name) names.
    package static func run(_ arguments: [String], io unguarded: IO, clock: any WallClock = SystemClock(),
                           transport: (any HTTPTransport)? = nil, sleeper: any Sleeper = ThreadSleeper()) -> ExitCode {
        let outputGuard = OutputGuard()
        let io = unguarded.guarded(by: outputGuard)
        if arguments.first == CompleteCommand.name {
            return CompleteCommand.run(Array(arguments.dropFirst()), io: io, clock: clock)
        }
        guard let parsed = ArgumentParser.parse(arguments, io: io) else { return .usage }
        if parsed.version {
            io.out("coinwatch \(Version.current)\n")
            return .success
        }
        if parsed.help {
            io.out(HelpText.page(for: parsed.command))
            return .success
        }
        if let path = parsed.metricsPath, let problem = PassHealth.unusable(metricsPath: path) {
            io.err("Error: '--metrics \(TerminalText.clean(path))': \(problem); give the path of a file, which coinwatch replaces after each pass.\n")
            return .usage
        }
        if case .failure(let problem) = CommandContext.lockTimeout(environment: io.environment) {
            io.err(problem.message + "\n")
            return .usage
        }
        let log: (@Sendable (String) -> Void)? = parsed.verbose ? { @Sendable line in io.err(line + "\n") } : nil
        // The process environment reaches the transport here, once: `$SSL_CERT_FILE` adds trust to every https transfer.
        let http: any HTTPTransport = transport ?? CurlTransport(caFile: TrustedBundle.fromEnvironment(io.environment), log: log)
        var context = CommandContext(arguments: parsed, io: io, clock: clock, transport: http, sleeper: sleeper)
        context.outputGuard = outputGuard
        do throws(ExitCodeError) {
            if HelpText.arguments(parsed.command).isEmpty { try context.noArguments() }
            switch parsed.command {
            case .run: return try RunCommand.run(context)
            case .check: return try CheckCommand.run(context)
            case .state: return try StateCommand.run(context)
            case .notify: return try NotifyCommand.run(context)
            case .search: return try SearchCommand.run(context)
            case .show: return try ShowCommand.run(context)
            case .trending: return try TrendingCommand.run(context)
            case .favorites: return try FavoritesCommand.run(context)
            case .backtest: return try BacktestCommand.run(context)
            case .stream: return try StreamCommand.run(context)
            case .completion: return try CompletionCommand.run(context)
            case .silence: return try SilenceCommand.run(context)
            case .outbox: return try OutboxCommand.run(context)
            case .explain: return try ExplainCommand.run(context)
            case .`init`: return try InitCommand.run(context)
            case .watch: return try WatchCommand.run(context)
            case .log: return try LogCommand.run(context)
            case .control: return try ControlDaemonCommand.run(context)
            }
        } catch {
            return error.code
        }
    }
}

/// What every command gets: its arguments, streams, clock and transport.
package struct CommandContext: Sendable {
    package var arguments: Arguments
    package var io: IO
    package var clock: any WallClock
    package var transport: any HTTPTransport
    /// Waits between webhook retries.
    package var sleeper: any Sleeper = ThreadSleeper()
    /// Scrubs the secrets of the rules loaded so far from `io` (`loadRules` teaches it).
    package var outputGuard = OutputGuard()

    /// The rules.json path this invocation uses.
    package var rulesPath: String { Paths.rules(flag: arguments.rulesPath, environment: io.environment) }
    /// The state path this invocation uses.
    package var statePath: String { Paths.state(flag: arguments.statePath, environment: io.environment) }

    /// Seconds to wait for the state lock: 10, or `$COINWATCH_LOCK_TIMEOUT` (checked by `CLI.run`).
    package var lockTimeout: Double {
        (try? Self.lockTimeout(environment: io.environment).get()) ?? Self.defaultLockTimeout
    }

    /// Seconds to wait for the state lock when `$COINWATCH_LOCK_TIMEOUT` is unset.
    package static let defaultLockTimeout: Double = 10
    /// The longest `$COINWATCH_LOCK_TIMEOUT` accepted, in seconds (one day).
    package static let maxLockTimeout: Double = 86_400

    /// `$COINWATCH_LOCK_TIMEOUT` in seconds (a number from 0 to one day; unset or empty: 10), or the
    /// usage error that names the bad value.
    package static func lockTimeout(environment: [String: String]) -> Result<Double, UsageError> {
        guard let text = environment["COINWATCH_LOCK_TIMEOUT"], !text.isEmpty else { return .success(defaultLockTimeout) }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text),
              seconds.isFinite, seconds <= maxLockTimeout else {
            return .failure(UsageError("Error: COINWATCH_LOCK_TIMEOUT=\(TerminalText.clean(String(text.prefix(40)))) is not a number of seconds from 0 to \(Int(maxLockTimeout)); unset it for the default 10 s or set e.g. COINWATCH_LOCK_TIMEOUT=30"))
        }
        return .success(seconds)
    }

    /// The environment plus a placeholder for every `${NAME}` in rules.json that it lacks, so a
    /// variable set only in cron's environment does not stop the commands that never deliver.
    package var environmentWithPlaceholders: [String: String] {
        guard let bytes = try? FileReader.contents(of: rulesPath, limit: RulesValidator.maxFileBytes) else {
            return io.environment
        }
        return environment(withPlaceholdersFor: bytes)
    }

    /// The environment plus a placeholder for every `${NAME}` in `bytes` (rules.json) that it lacks.
    func environment(withPlaceholdersFor bytes: [UInt8]) -> [String: String] {
        guard EnvironmentExpander.holdsPlaceholder(bytes) else { return io.environment }
        let missing = EnvironmentExpander.expand(String(decoding: bytes, as: UTF8.self), environment: io.environment).missing
        var environment = io.environment
        for name in missing { environment[name] = EnvironmentExpander.unsetPlaceholder }
        return environment
    }

    /// Loads rules.json, printing warnings; on failure prints the errors and throws the exit code.
    /// `tolerateUnsetVariables`: placeholders for unset `${NAME}`s; `expiredAsOf` (seconds since 1970):
    /// warn of a passed `expires`; `unavailableSinks`: an unexpandable sink is unavailable, not an error.
    package func loadRules(tolerateUnsetVariables: Bool = false, expiredAsOf: Double? = nil,
                          unavailableSinks: Bool = false, symbols: [String: String] = [:]) throws(ExitCodeError) -> RulesFile {
        do throws(RulesLoadError) {
            let bytes = try FileReader.contents(of: rulesPath, limit: RulesValidator.maxFileBytes)
            // Tolerant: a sink or heartbeat with a gap is unavailable (never a placeholder path a command could write to);
            // placeholders only where a gap elsewhere remains. What they still leave invalid is loaded strictly, which words the errors.
            let loaded: LoadedRules
            if tolerateUnsetVariables, let tolerant = (try? RulesLoader.parse(bytes: bytes, path: rulesPath, environment: io.environment,
                                                                               expiredAsOf: expiredAsOf, unavailableSinks: true))
                ?? (try? RulesLoader.parse(bytes: bytes, path: rulesPath, environment: environment(withPlaceholdersFor: bytes),
                                           expiredAsOf: expiredAsOf, unavailableSinks: true)) {
                loaded = tolerant
            } else {
                loaded = try RulesLoader.parse(bytes: bytes, path: rulesPath, environment: io.environment,
                                               expiredAsOf: expiredAsOf, unavailableSinks: unavailableSinks, symbols: symbols)
            }
            outputGuard.learn(loaded.rules)
            for warning in loaded.warnings { io.err("\(warning.description)\n") }
            return loaded.rules
        } catch {
            switch error {
            case .unreadable(_, let reason):
                throw fail(.noInput, "coinwatch: \(reason)")
            case .invalid(_, let diagnostics):
                for diagnostic in diagnostics { io.err("\(diagnostic.description)\n") }
                throw ExitCodeError(code: .dataError)
            }
        }
    }

    /// Prints `line` on stderr and gives the error that ends the command with `code`.
    func fail(_ code: ExitCode, _ line: String) -> ExitCodeError {
        io.err(line + "\n")
        return ExitCodeError(code: code)
    }

    /// Prints `line` (an `Error: …` sentence) on stderr and gives the error that ends the command with 64.
    func usage(_ line: String) -> ExitCodeError { fail(.usage, line) }

    /// Ends the command with 64 when it was given a positional argument (`coinwatch -- --once`, `check x`); it takes none.
    func noArguments() throws(ExitCodeError) {
        guard let extra = arguments.positionals.first else { return }
        let which = arguments.command == .run ? "an alert pass" : "'\(arguments.command.rawValue)'"
        throw usage("Error: \(which) takes no arguments, got '\(TerminalText.clean(extra))'. "
            + "Usage: \(HelpText.usage(arguments.command))")
    }
}

extension CommandContext {
    /// This invocation's color policy.
    package var color: ColorPolicy {
        ColorPolicy(mode: arguments.color, environment: io.environment, isTTY: io.stdoutIsTTY)
    }

    /// Webhook retries within a pass: the default policy, with the first backoff taken from
    /// `$COINWATCH_RETRY_BACKOFF` (seconds, 0 or more) when it is set.
    package var retryPolicy: RetryPolicy {
        var policy = RetryPolicy()
        if let text = io.environment["COINWATCH_RETRY_BACKOFF"], let seconds = Double(text), seconds >= 0, seconds.isFinite {
            policy.baseDelay = seconds
        }
        return policy
    }
}

/// An exit code a command throws once it has printed why.
package struct ExitCodeError: Error, Sendable {
    package var code: ExitCode
}
