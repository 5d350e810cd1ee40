/// `coinwatch [--once] [--interval DUR] [--dry-run]`: alert passes.
enum RunCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        let rules: RulesFile
        switch context.loadRules(unavailableSinks: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        if context.arguments.once {
            return onePass(context, rules: rules)
        }
        let waiter: SignalWaiter
        do {
            waiter = try SignalWaiter.install()
        } catch {
            context.io.err("coinwatch: cannot set up signal handling for loop mode: \(error.detail); use --once from cron or a systemd timer instead\n")
            return .failure
        }
        return LoopRunner(context: context, rulesPath: context.rulesPath, rules: rules, waiter: waiter) {
            onePass(context, rules: $0)
        }.run()
    }

    /// One pass under the state lock: load state, run, persist (unless --dry-run).
    static func onePass(_ context: CommandContext, rules: RulesFile) -> ExitCode {
        let statePath = context.statePath
        var lock: StateLock?
        if !context.arguments.dryRun {
            do {
                lock = try StateLock.acquire(statePath: statePath, timeout: context.lockTimeout)
            } catch {
                context.io.err("coinwatch: \(error.message)\n")
                return error.exitCode
            }
        }
        defer { lock?.release() }
        var state: StateDocument
        do {
            state = try StateStore.load(path: statePath)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
        var pass = makePass(context, rules: rules)
        if !context.arguments.dryRun {
            // Write-ahead: delivery saves the state before sending anything, and sends nothing when it cannot.
            pass.delivery.checkpoint = { (doc: StateDocument) throws(StateError) in try StateStore.save(doc, to: statePath) }
        }
        let outcome = pass.run(state: &state, now: context.clock.now().timeIntervalSince1970, io: context.io)
        guard !context.arguments.dryRun, !outcome.stateUnwritten else { return outcome.exitCode }
        do {
            try StateStore.save(state, to: statePath)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return .failure
        }
        return outcome.exitCode
    }

    /// The pass with this invocation's providers, transport and output options.
    static func makePass(_ context: CommandContext, rules: RulesFile) -> Pass {
        // A provider that a rule asks by name but `providers` does not list serves those rules only, with its defaults.
        let listed = Set(rules.providers.map(\.name))
        let pinnedOnly = RulesFile.providersAsked(rules.rules).subtracting(listed).sorted { $0.rawValue < $1.rawValue }
        let configs = rules.providers.map { ($0, true) } + pinnedOnly.map { (ProviderConfig(name: $0), false) }
        let sources = configs.compactMap { config, failover in
            ProviderFactory.make(config, environment: context.io.environment).map {
                QuoteFetcher.Source(provider: $0, config: config, failover: failover)
            }
        }
        var fetcher = QuoteFetcher(sources: sources, transport: context.transport)
        fetcher.maxCacheAge = (context.arguments.interval ?? rules.interval) / 2
        if context.arguments.verbose {
            let io = context.io
            fetcher.log = { io.err($0 + "\n") }
        }
        return Pass(
            rules: rules,
            fetcher: fetcher,
            delivery: Delivery(rules: rules, transport: context.transport,
                               json: context.arguments.json, quiet: context.arguments.quiet, color: context.color,
                               sleeper: context.sleeper, retry: context.retryPolicy),
            dryRun: context.arguments.dryRun)
    }
}
