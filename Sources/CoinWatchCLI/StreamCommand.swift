import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `coinwatch stream` (SPEC §9): real-time alerts from the exchanges' WebSocket feeds, holding
/// the state lock for the whole run.
enum StreamCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        // The REST quotes (the start, the bridges, the polls) are given up once SIGINT/SIGTERM came, so an API that
        // hangs cannot hold up the exit (SPEC §9: within 5 s); the sinks keep the plain transport, and their 3 s.
        var quoting = context.transport
        if var curl = quoting as? CurlTransport {
            curl.abandon = { SignalWaiter.stopPending }
            quoting = curl
        }
        // `--metrics`: the REST requests (bridges, polled favorites) are counted per provider, as in passes.
        let counter = context.arguments.metricsPath == nil || context.arguments.dryRun
            ? nil : CountingTransport(quoting)
        let quotes: any HTTPTransport = counter ?? quoting
        // As a pass loads them (SPEC §2): a sink with a `${…}` that cannot be expanded is unavailable, not an invalid file.
        var rules = try context.loadRules(unavailableSinks: true)
        // As a `--baseline` pass: the commands waiting are answered first, so a rule they add is baselined with the rest.
        if context.arguments.baseline { rules = try ChatControl.answerOnce(context, rules: rules) }
        let waiter = try SignalWaiter.install(context) { "cannot set up signal handling for stream: \($0)" }
        let statePath = context.statePath
        let (lock, state) = try context.lockedState()
        defer { lock?.release() }
        // The pass's fetcher and delivery for `rules`; write-ahead: the delivery saves the state before
        // sending anything, and sends nothing when it cannot.
        let makePass = { (rules: RulesFile) -> Pass in
            var pass = RunCommand.makePass(context, rules: rules)
            pass.fetcher.transport = quotes
            if !context.arguments.dryRun {
                pass.delivery.checkpoint = { (doc: StateDocument) throws(StateError) in try StateStore.save(doc, to: statePath) }
            }
            pass.delivery.sendsQueued = false
            return pass
        }
        let pass = makePass(rules)
        let session = StreamSession(rules: rules, fetcher: pass.fetcher, delivery: pass.delivery, state: state,
                                    statePath: statePath, dryRun: context.arguments.dryRun, io: context.io,
                                    clock: context.clock)
        session.countsAlerts = counter != nil
        session.baselineNext = context.arguments.baseline
        session.baselineLists = context.arguments.baseline
        // The REST polls' candles and windows stages, as loop mode's passes.
        let store = Paths.historyStore(environment: context.io.environment)
        session.candles = CandleFeed(storePath: store)
        session.windows = WindowHistory(storePath: store)
        let loop = StreamLoop(session: session, log: StreamLog(io: context.io, verboseEnabled: context.arguments.verbose),
                              signalDescriptor: waiter.readDescriptor, takeSignals: { waiter.take() }) {
            guard let fresh = LoopRunner.reload(path: context.rulesPath, context: context, mailbox: session.control) else { return nil }
            let next = makePass(fresh)
            return (fresh, next.fetcher, next.delivery)
        }
        if let counter, let path = context.arguments.metricsPath {
            let metrics = StreamMetrics(path: path)
            metrics.requests = { counter.byHost }
            metrics.providerHosts = RunCommand.providerHosts(context, rules: rules)
            loop.metrics = metrics
        }
        loop.caFile = TrustedBundle.fromEnvironment(context.io.environment)
        if let text = context.io.environment["COINWATCH_STREAM_IDLE"], let seconds = Double(text), seconds > 0, seconds.isFinite {
            loop.idleTimeout = seconds
        }
        // The chat side answers beside the feeds; stream holds the lock, so its changes go through the loop.
        ChatControl.startBeside(context, rules: rules, mailbox: session.control)
        return loop.run()
    }
}
