import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import Glibc

/// `stream`'s event loop (SPEC §9): one thread polls every feed's socket and the signal pipe. Each
/// turn: signals -> connects -> poll -> the sinks' answers -> frames -> throttled prices -> settle
/// -> pings and renewals -> REST every `interval` -> market lists -> write state.
package final class StreamLoop {
    /// Seconds a feed may stay silent before it is reconnected.
    package var idleTimeout: Double = 30
    /// The largest message accepted, in bytes.
    var maxMessageBytes = 1 << 20
    /// Seconds the sinks' threads get after SIGINT/SIGTERM, so `stream` exits within 5 s whatever a sink does (SPEC §9).
    static let deliveryGrace: Double = 3
    /// `--metrics PATH`: the Prometheus text file, nil without it.
    package var metrics: StreamMetrics?
    /// A PEM bundle every feed without a `ca_file` trusts besides the system's roots (`$SSL_CERT_FILE`).
    package var caFile: String?

    private let session: StreamSession
    private let log: StreamLog
    private let signalDescriptor: Int32
    private let takeSignals: () -> LoopSignals
    /// Loads rules.json again (SIGHUP); nil keeps the rules in force (it printed why).
    private let reload: () -> (rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery)?
    private var connections: [FeedConnection] = []
    /// What a pass would fetch that no connection serves: polled over REST every `interval`.
    private var polled = QuoteDemand()
    /// The session's alert count at the last metrics check.
    private var metricsAlerts = 0

    package init(session: StreamSession, log: StreamLog, signalDescriptor: Int32, takeSignals: @escaping () -> LoopSignals,
         reload: @escaping () -> (rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery)?) {
        self.session = session
        self.log = log
        self.signalDescriptor = signalDescriptor
        self.takeSignals = takeSignals
        self.reload = reload
    }

    /// Runs until SIGINT/SIGTERM; returns the session's exit code (0 unless something failed for good).
    package func run() -> ExitCode {
        start()
        var nextPoll = Monotonic.now() + session.rules.interval
        var descriptors: [pollfd] = []
        while true {
            let signals = takeSignals()
            if signals.contains(.stop) {
                let deadline = Monotonic.now() + Self.deliveryGrace
                for connection in connections { connection.close() }
                session.releaseHeld(now: .infinity)
                session.settle()
                session.finishDeliveries(until: deadline)
                CommandGroups.killAll()
                session.flush(force: true)
                writeMetrics(force: true)
                log.verbose("stopped after \(session.messageCount) prices, \(session.alertCount) alerts")
                return session.exitCode
            }
            if signals.contains(.reload), let fresh = reload() {
                for connection in connections { connection.close() }
                session.replace(rules: fresh.rules, fetcher: fresh.fetcher, delivery: fresh.delivery)
                start()
                nextPoll = Monotonic.now() + session.rules.interval
            }
            var now = Monotonic.now()
            for connection in connections where connection.client == nil && !connection.isConnecting && connection.retryAt <= now {
                connection.connect(caFile: caFile, maxMessageBytes: maxMessageBytes, wake: session.sending.wake)
            }
            for connection in connections where connection.isConnecting {
                connection.finishConnect(now: now) { [unowned self] in
                    self.handle($1, from: $0)
                }
            }
            let gaps = connections.filter(\.needsBridge)
            if !gaps.isEmpty {
                for connection in gaps { connection.needsBridge = false }
                let bridged = Set(gaps.flatMap(\.group.allKeys))
                session.poll(session.plan.demand.filter(defaultVs: session.rules.vsCurrency, bridged.contains))
            }
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: session.sending.wake.readDescriptor, events: Int16(POLLIN), revents: 0))
            for connection in connections {
                guard let client = connection.client else { continue }
                descriptors.append(pollfd(fd: client.socket, events: Int16(POLLIN | (client.wantsWrite ? POLLOUT : 0)), revents: 0))
            }
            var due = nextPoll
            for connection in connections { due = min(due, connection.nextDeadline(idle: idleTimeout)) }
            if let flushDue = session.flushDue { due = min(due, flushDue) }
            if let heldDue = session.heldDue { due = min(due, heldDue) }
            if let metrics { due = min(due, metrics.due) }
            now = Monotonic.now()
            let buffered = connections.contains { $0.client?.hasBufferedInput == true }
            let wait = buffered ? 0 : Int32(max(0, min(1, due - now)) * 1000)
            _ = poll(&descriptors, nfds_t(descriptors.count), wait)
            session.collectDeliveries()
            session.serveControl()
            var index = 2
            for connection in connections {
                guard let client = connection.client else { continue }
                defer { index += 1 }
                guard descriptors[index].revents != 0 || client.hasBufferedInput else { continue }
                if let end = client.pump() {
                    connection.drop(reason: Self.describe(end), now: Monotonic.now())
                }
            }
            now = Monotonic.now()
            session.releaseHeld(now: now)
            session.takeLists()
            session.settle()
            for connection in connections where connection.client != nil {
                if now - connection.lastHeardAt >= idleTimeout {
                    connection.drop(reason: "silent for \(FeedConnection.seconds(idleTimeout)), no answer to a ping", now: now)
                } else if let renew = connection.group.feed.renewAfter, now - connection.connectedAt >= renew {
                    connection.drop(reason: "renewing the connection before the exchange's 24h limit", now: now, quietly: true)
                } else {
                    connection.pingIfDue(now: now, idle: idleTimeout)
                }
            }
            if now >= nextPoll {
                nextPoll = now + session.rules.interval
                session.poll(polled)
                // A quote a feed serves that the start could not get there (its API down or backing off) is followed now.
                let plan = StreamPlan(rules: session.rules, quotes: session.quotes)
                if !Set(plan.groups.flatMap(\.allKeys)).isSubset(of: connections.flatMap(\.group.allKeys)) {
                    for connection in connections { connection.close() }
                    openFeeds(plan)
                }
                session.retryOutbox()
            }
            session.fetchListsIfDue()
            session.flush(force: false)
            writeMetrics(force: false)
        }
    }

    /// Writes `--metrics` when it is due (or `force`), with the requests and alerts since the last write.
    private func writeMetrics(force: Bool) {
        guard let metrics else { return }
        if session.alertCount != metricsAlerts {
            metricsAlerts = session.alertCount
            metrics.markChanged()
        }
        let warning = metrics.writeIfDue(monotonicNow: Monotonic.now(), force: force) {
            metrics.countRequests(into: &session.state)
            var connected: [String: Int] = [:]
            for connection in connections where connection.client != nil { connected[connection.name, default: 0] += 1 }
            let providers = session.rules.providers.map(\.name)
            return metrics.text(state: session.state, providers: providers.map(\.rawValue),
                                feeds: providers.filter { $0.provider.feed != nil }.map(\.rawValue),
                                connected: connected, alerts: session.alertsByProvider,
                                wall: session.clock.now().timeIntervalSince1970)
        }
        if let warning { log.error(warning) }
    }

    /// Quotes over REST what a pass would (`DataPlan.demand`), then plans and opens the feeds for the quotes
    /// exchanges with a feed served (`StreamPlan`).
    private func start() {
        session.poll(session.plan.demand)
        session.retryOutbox()
        if !session.dryRun {
            // Once per load of the rules; its alerts wait in the outbox, which is not a failure of the run (SPEC §9).
            for line in session.delivery.unavailableSinks(outbox: session.state.outbox, scope: "to this stream") { log.error(line) }
        }
        openFeeds(StreamPlan(rules: session.rules, quotes: session.quotes))
    }

    /// Opens the feeds of `plan` (made from the REST quotes); what none serves is polled every `interval`.
    private func openFeeds(_ plan: StreamPlan) {
        let demand = session.plan.demand
        connections = plan.groups.map { FeedConnection(group: $0, log: log, metrics: metrics) }
        let served = Set(plan.groups.flatMap(\.allKeys))
        polled = demand.filter(defaultVs: session.rules.vsCurrency) { !served.contains($0) }
        let listed = polled.entries(defaultVs: session.rules.vsCurrency).map { entry in
            entry.provider.map { "\(entry.coin) in \(entry.vs) from \($0)" }
                ?? entry.coin + (entry.vs == session.rules.vsCurrency ? "" : " in \(entry.vs)")
        }
        if !listed.isEmpty {
            log.verbose("polled over REST every \(FeedConnection.seconds(session.rules.interval)): \(listed.joined(separator: ", "))")
        }
    }

    private func handle(_ message: FeedMessage, from connection: FeedConnection) {
        metrics?.message(connection.name, at: session.clock.now().timeIntervalSince1970)
        switch message {
        case .ticks(let ticks):
            for tick in ticks {
                guard let keys = connection.group.quoteKeys[tick.market] else {
                    connection.logOnce("\(connection.name): prices for \(BodySummary.oneLine(Array(tick.market.utf8), html: false, limit: 40)), which was not subscribed; ignored")
                    continue
                }
                if let ending = tick.delistingDate {
                    session.announce(ending: ending, market: tick.market, exchange: connection.group.provider.name.rawValue)
                }
                session.take(tick, keys: keys, throttle: connection.group.provider.streamThrottle ?? 0,
                             now: Monotonic.now())
            }
            if !ticks.isEmpty { connection.markHealthy(now: connection.lastHeardAt) }
        case .ignored:
            break
        case .unknown(let reason):
            connection.logOnce(reason + "; ignored")
        }
    }

    /// The log text of a connection's end.
    static func describe(_ end: WebSocketClient.End) -> String {
        switch end {
        case .closedByServer(let code): return "the server closed the connection (\(code))"
        case .messageTooBig(let limit): return "a message over \(limit / 1024) KiB (closed with 1009)"
        case .broken(let reason): return "connection lost: \(reason)"
        }
    }
}
