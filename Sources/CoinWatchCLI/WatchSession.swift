import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// What the watchlist commands share: rules.json (or the defaults when none exists) and the state's
/// response cache and HTTP 429 backoff, read at the start and merged back at the end.
struct WatchSession {
    let context: CommandContext
    /// rules.json, or the defaults.
    let rules: RulesFile
    /// Seconds since 1970 at the start of the command.
    let now: Double
    /// The working copy of the state; changes reach the file in `finish()`.
    var state: StateDocument
    /// The state as read, or nil when it could not be read (then it is never written).
    private let base: StateDocument?
    private let shared: SharedState

    /// Loads rules.json (optional when the default path holds none), runs `body` with a session over it,
    /// then writes back to the shared state what the session learned.
    static func run(_ context: CommandContext,
                    _ body: (inout WatchSession) throws(ExitCodeError) -> ExitCode) throws(ExitCodeError) -> ExitCode {
        let implicit = context.arguments.rulesPath == nil && (context.io.environment["COINWATCH_RULES"] ?? "").isEmpty
        let rules = try implicit && !POSIXFile.exists(context.rulesPath) ? RulesFile(path: context.rulesPath)
            : context.loadRules(tolerateUnsetVariables: true)
        var session = open(context, rules: rules)
        defer { session.finish() }
        return try body(&session)
    }

    /// A session over rules.json already loaded; reads the state (a state that cannot be read gets one warning).
    static func open(_ context: CommandContext, rules: RulesFile) -> WatchSession {
        let shared = SharedState(path: context.statePath, lockTimeout: context.lockTimeout)
        var base: StateDocument?
        do {
            base = try shared.read()
        } catch {
            context.io.err("coinwatch: warning: \(error.message); going on without the shared cache and backoff, and not writing the state\n")
        }
        return WatchSession(context: context, rules: rules, now: context.clock.now().timeIntervalSince1970,
                            state: base ?? StateDocument(), base: base, shared: shared)
    }

    /// A session for `explain`, which shows the state: only its `sections` are read (`StateSections`), and a state
    /// that cannot be read ends the command with the line and exit status a pass gives (one file, one answer).
    static func explaining(_ context: CommandContext, rules: RulesFile, sections: StateSections = .all) throws(ExitCodeError) -> WatchSession {
        let shared = SharedState(path: context.statePath, lockTimeout: context.lockTimeout)
        do throws(StateError) {
            let base = try shared.read(sections: sections)
            return WatchSession(context: context, rules: rules, now: context.clock.now().timeIntervalSince1970,
                                state: base, base: base, shared: shared)
        } catch {
            throw context.fail(error.exitCode, "coinwatch: \(error.message)")
        }
    }

    /// Provider `name`, made with its settings from rules.json, else its defaults.
    func provider(_ name: ProviderName) -> any MarketProvider {
        ProviderRegistry.make(rules.providers.config(name), environment: context.io.environment)
    }

    /// `--provider`, else the first provider in rules.json among `capable`, else the first of `capable`.
    func chosenProvider(among capable: [ProviderName]) -> ProviderName {
        context.arguments.provider
            ?? rules.providers.map(\.name).first(where: capable.contains)
            ?? capable.first ?? ProviderRegistry.fallback
    }

    /// Sends `request` for `provider` through the one provider call path (`ProviderCall.ask`):
    /// skipped while its backoff lasts, a 429 records the backoff. Returns the 2xx body, or the error to print.
    mutating func fetch(_ request: HTTPRequest, provider: String) -> Result<[UInt8], ProviderError> {
        ProviderCall.ask(request, from: provider, through: context.transport, memory: &state.memory, now: now)
    }

    /// `fetch`, then `decode` of the 2xx body; a decoding failure is the provider's `decoding` error.
    mutating func fetch<Value>(_ request: HTTPRequest, provider: String,
                               decode: ([UInt8]) throws -> Value) -> Result<Value, ProviderError> {
        fetch(request, provider: provider).flatMap { body in
            Result { try decode(body) }.mapError { $0 as? ProviderError ?? .decoding(provider: provider, detail: "\($0)") }
        }
    }

    /// The value of a provider call; a failure ends the command with 1 and its error line.
    func value<Value>(of result: Result<Value, ProviderError>) throws(ExitCodeError) -> Value {
        switch result {
        case .success(let value): return value
        case .failure(let error): throw context.fail(.failure, "coinwatch: \(describe(error))")
        }
    }

    /// Writes what this command changed in the cache, backoff and resolutions back to the state
    /// (nothing when it could not be read); a failure is one warning on stderr.
    func finish() {
        guard let base else { return }
        do {
            try shared.commit(state, base: base, now: now)
        } catch {
            context.io.err("coinwatch: warning: \(error.message)\n")
        }
    }

    /// One error line for a provider failure, with the time a backoff ends.
    func describe(_ error: ProviderError) -> String {
        ProviderCall.describe(error)
    }
}
