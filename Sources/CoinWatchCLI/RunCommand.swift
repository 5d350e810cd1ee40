import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch [--once] [--interval DUR] [--dry-run]`: alert passes.
enum RunCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        var rules = try context.loadRules(unavailableSinks: true)
        // The indicator tracks live as long as the process (`CandleFeed`).
        let candles = CandleFeed(storePath: Paths.historyStore(environment: context.io.environment))
        // The commands waiting are answered before the first pass, which then runs with the rules they added (a
        // `--baseline` pass baselines them too).
        if context.arguments.once || context.arguments.baseline { rules = try ChatControl.answerOnce(context, rules: rules) }
        if context.arguments.once {
            // Stopped by a signal (`timeout 50 coinwatch --once`), it ends a running command sink's group with it.
            CommandGroups.endWithSignals()
            return onePass(context, rules: rules, baseline: context.arguments.baseline, candles: candles)
        }
        let waiter = try SignalWaiter.install(context) {
            "cannot set up signal handling for loop mode: \($0); use --once from cron or a systemd timer instead"
        }
        nonisolated(unsafe) var baseline = context.arguments.baseline  // the first pass only; passes run one at a time
        // With `--baseline` the chat is read again once the baseline pass is over: no rule it adds misses the baseline.
        if !baseline { ChatControl.startBeside(context, rules: rules) }
        return LoopRunner(context: context, rulesPath: context.rulesPath, rules: rules, waiter: waiter) { rules in
            defer {
                if baseline { ChatControl.startBeside(context, rules: rules) }
                baseline = false
            }
            return onePass(context, rules: rules, baseline: baseline, candles: candles)
        }.run()
    }

    /// One pass under the state lock (with `baseline`, it records and notifies nothing), then the ping of
    /// rules.json `heartbeat` with its result, which the ping never changes.
    static func onePass(_ context: CommandContext, rules: RulesFile, baseline: Bool, candles: CandleFeed) -> ExitCode {
        let code = pass(context, rules: rules, baseline: baseline, candles: candles)
        if let heartbeat = rules.heartbeat, !context.arguments.dryRun,
           let warning = PassHealth.ping(heartbeat, succeeded: code == .success, transport: context.transport) {
            context.io.err("coinwatch: warning: \(warning)\n")
        }
        return code
    }

    /// Host → provider name, from a sample request of each provider in rules.json (an exchange's
    /// market listing, since it asks for no quote before it knows its markets).
    static func providerHosts(_ context: CommandContext, rules: RulesFile) -> [String: String] {
        var hosts: [String: String] = [:]
        for config in rules.providers {
            let provider = ProviderRegistry.make(config, environment: context.io.environment)
            guard let request = (try? provider.requests(for: ["bitcoin"], vs: rules.vsCurrency))?.first
                    ?? provider.listingRequest(vs: rules.vsCurrency) else { continue }
            hosts[HTTPRequest.host(of: request.url)] = config.name.rawValue
        }
        return hosts
    }

    /// One pass under the state lock, its requests counted for `--metrics`, which is written after the save.
    private static func pass(_ context: CommandContext, rules: RulesFile, baseline: Bool, candles: CandleFeed) -> ExitCode {
        var context = context
        let counter = CountingTransport(context.transport)
        context.transport = counter
        let started = context.clock.now().timeIntervalSince1970
        let statePath = context.statePath
        let lock: StateLock?
        var state: StateDocument
        do {
            (lock, state) = try context.lockedState()
        } catch {
            return error.code
        }
        defer { lock?.release() }
        var pass = makePass(context, rules: rules)
        pass.baseline = baseline
        pass.candles = candles
        pass.windows = WindowHistory(storePath: Paths.historyStore(environment: context.io.environment))
        if !context.arguments.dryRun {
            // Write-ahead: delivery saves the state before sending anything, and sends nothing when it cannot.
            pass.delivery.checkpoint = { (doc: StateDocument) throws(StateError) in try StateStore.save(doc, to: statePath) }
        }
        let outcome = pass.run(state: &state, now: context.clock.now().timeIntervalSince1970, io: context.io)
        guard !context.arguments.dryRun, !outcome.stateUnwritten else { return outcome.exitCode }
        let metricsPath = context.arguments.metricsPath
        if metricsPath != nil {
            PassHealth.count(requests: counter.byHost, providerHosts: providerHosts(context, rules: rules),
                             alerts: outcome.alerts, state: &state)
        }
        do {
            try StateStore.save(state, to: statePath)
        } catch {
            return context.fail(.failure, "coinwatch: \(error.message)").code
        }
        if let path = metricsPath {
            let text = PassHealth.metrics(state: state, providers: rules.providers.map(\.name.rawValue), started: started,
                                          duration: context.clock.now().timeIntervalSince1970 - started)
            if let warning = PassHealth.write(metrics: text, to: path) { context.io.err("coinwatch: \(warning)\n") }
        }
        if baseline, !context.arguments.quiet { context.io.out(Pass.baselineLine(state, statePath: statePath)) }
        return outcome.exitCode
    }

    /// The pass with this invocation's providers, transport and output options.
    static func makePass(_ context: CommandContext, rules: RulesFile) -> Pass {
        // A provider that a rule asks by name but `providers` does not list serves those rules only, with its defaults.
        let listed = Set(rules.providers.map(\.name))
        let pinnedOnly = RulesFile.providersAsked(rules.rules).subtracting(listed).sorted { $0.rawValue < $1.rawValue }
        let configs = rules.providers.map { ($0, true) } + pinnedOnly.map { (ProviderConfig(name: $0), false) }
        let sources = configs.map { config, failover in
            QuoteFetcher.Source(provider: ProviderRegistry.make(config, environment: context.io.environment), config: config, failover: failover)
        }
        var fetcher = QuoteFetcher(sources: sources, transport: context.transport)
        fetcher.maxCacheAge = (context.arguments.interval ?? rules.interval) / 2
        if context.arguments.verbose {
            let io = context.io
            fetcher.log = { io.err($0 + "\n") }
        }
        var pass = Pass(
            rules: rules,
            fetcher: fetcher,
            delivery: Delivery(rules: rules, transport: context.transport,
                               json: context.arguments.json, quiet: context.arguments.quiet, color: context.color,
                               sleeper: context.sleeper, retry: context.retryPolicy),
            dryRun: context.arguments.dryRun)
        pass.verbose = context.arguments.verbose
        if rules.sinks.values.contains(where: { $0.chart != nil }) || rules.rules.contains(where: { $0.chart != nil }) {
            let io = context.io
            pass.delivery.charts = AlertCharts(providers: rules.providers, transport: context.transport, environment: io.environment,
                                               storePath: Paths.historyStore(environment: io.environment), warn: { io.err($0) })
        }
        return pass
    }
}
