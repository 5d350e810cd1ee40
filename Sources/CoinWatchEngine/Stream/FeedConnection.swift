import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket

/// One WebSocket connection of `stream` and its life: connect and subscribe, pings, idle and renewal checks, and a
/// jittered backoff after any end. Times are monotonic seconds.
final class FeedConnection {
    /// The markets it carries.
    let group: StreamPlan.Group
    /// The URL it connects to (secrets redacted in every line about it).
    var url: String { group.url }
    private(set) var client: WebSocketClient?
    /// Failed or lost connections since a connection last carried prices after staying up `stableAfter`.
    private(set) var attempts = 0
    /// Seconds a connection must stay up before prices start the backoff over (SPEC §9), so a server that drops after
    /// every message is reconnected ever more slowly, not once a second with a REST quote each time.
    static let stableAfter: Double = 60
    private(set) var retryAt: Double = 0
    private(set) var connectedAt: Double = 0
    /// When the server last sent anything: a message, a ping, or a pong to ours.
    private(set) var lastHeardAt: Double = 0
    private var lastPingAt: Double = 0
    /// Set on every (re)connect: the gap since the last message must be bridged over REST.
    var needsBridge = false
    /// Reasons already logged for this connection (unknown messages, unsubscribed markets).
    private var logged: Set<String> = []
    /// Where its connection lines go.
    private let log: StreamLog
    /// `--metrics`: told of every reconnect and (re)connection.
    private let metrics: StreamMetrics?

    init(group: StreamPlan.Group, log: StreamLog, metrics: StreamMetrics?) {
        self.group = group
        self.log = log
        self.metrics = metrics
    }

    /// The name in log lines (`binance`).
    var name: String { group.provider.name.rawValue }

    /// The new client, passed from the connecting thread to the loop (used by one at a time).
    private struct Opened: @unchecked Sendable { let client: WebSocketClient }
    /// A connect running on a thread of its own, and where it leaves its outcome.
    private var opening: LoopInbox<Result<Opened, TransportError>>?

    /// Whether a connect is under way.
    var isConnecting: Bool { opening != nil }

    /// Starts connecting on a thread of its own, so a slow handshake never holds up the loop; `wake` is poked when done.
    /// It trusts the provider's `ca_file`, else `caFile` (`$SSL_CERT_FILE`), besides the system's roots.
    func connect(caFile: String?, maxMessageBytes: Int, wake: WakePipe) {
        let opening = LoopInbox<Result<Opened, TransportError>>(wake: wake)
        let trusted = TrustedBundle.chosen(own: group.provider.caFile, fallback: caFile)
        let (url, timeout) = (self.url, group.provider.timeout)
        let work: @Sendable () -> Void = {
            do throws(TransportError) {
                opening.post(.success(Opened(client: try WebSocketClient.connect(
                    url: url, caFile: trusted, timeout: timeout, userAgent: CurlTransport.userAgent, maxMessageBytes: maxMessageBytes))))
            } catch {
                opening.post(.failure(error))
            }
        }
        self.opening = opening
        if !ConcurrentJobs.detach(work) { work() }
    }

    /// Takes a finished connect: subscribes and installs `onMessage`, or logs one line and schedules a retry.
    func finishConnect(now: Double,
                       onMessage: @escaping (FeedConnection, FeedMessage) -> Void) {
        guard let opening, let outcome = opening.take().first else { return }
        self.opening = nil
        let opened: WebSocketClient
        switch outcome {
        case .success(let made): opened = made.client
        case .failure(let error):
            scheduleRetry(now: now, reason: "cannot connect: \(error.message)")
            return
        }
        let feed = group.feed
        opened.onMessage = { [unowned self] _, bytes in
            self.lastHeardAt = Monotonic.now()
            onMessage(self, feed.decode(bytes))
        }
        opened.onControl = { [unowned self] in self.lastHeardAt = Monotonic.now() }
        client = opened
        metrics?.markChanged()
        connectedAt = Monotonic.now()
        lastHeardAt = connectedAt
        lastPingAt = connectedAt
        needsBridge = true
        log.verbose("\(name): connected to \(Redaction.url(url)) (\(group.markets.count) market\(group.markets.count == 1 ? "" : "s"))")
        let messages = feed.subscription(markets: group.markets, traded: group.traded)
        for message in messages { opened.send(text: message) }
        if !messages.isEmpty { log.verbose("\(name): subscribed \(group.markets.count) market\(group.markets.count == 1 ? "" : "s")\(group.traded.isEmpty ? "" : " and the trades of \(group.traded.count)")") }
    }

    /// Ends the connection for `reason`, logs it, and schedules the reconnect (`quietly`: -v only).
    func drop(reason: String, now: Double, quietly: Bool = false) {
        close()
        scheduleRetry(now: now, reason: reason, quietly: quietly)
    }

    /// Closes for good (exit, reload); a connect under way is abandoned.
    func close() {
        client?.close()
        client = nil
        opening = nil
    }

    private func scheduleRetry(now: Double, reason: String, quietly: Bool = false) {
        attempts += 1
        metrics?.reconnect(name)
        let wait = quietly ? 0 : ReconnectBackoff.delay(attempt: attempts, jitter: Double.random(in: 0...1))
        retryAt = now + wait
        let line = "\(name): \(reason); reconnecting in \(Self.seconds(wait))"
        if quietly { log.verbose(line) } else { log.error(line) }
    }

    /// A message with prices arrived at `now`: the backoff starts over once the connection has stayed up `stableAfter`.
    func markHealthy(now: Double) {
        if now - connectedAt >= Self.stableAfter { attempts = 0 }
    }

    /// Distinct lines `logOnce` writes per connection at most, so a server that names ever new markets or message types
    /// can neither flood the log nor grow memory (SPEC §9).
    static let maxLogged = 16

    /// Logs `line` once for this connection; past `maxLogged` such lines, one more says the rest go unlogged.
    func logOnce(_ line: String) {
        guard logged.count < Self.maxLogged, logged.insert(line).inserted else { return }
        log.error(line)
        if logged.count == Self.maxLogged { log.error("\(name): \(Self.maxLogged) different feed messages ignored so far; further ones are ignored without a line") }
    }

    /// Sends a ping when the exchange wants client pings and one is due, or when neither side has said anything for
    /// half of `idle`: a quiet market's connection that answers it is alive, not silent (SPEC §9), and stays.
    func pingIfDue(now: Double, idle: Double) {
        guard let client else { return }
        let keepAlive = group.feed.clientPingInterval.map { now - lastPingAt >= $0 } ?? false
        guard keepAlive || now - max(lastHeardAt, lastPingAt) >= idle / 2 else { return }
        client.ping()
        lastPingAt = now
    }

    /// The next instant something is due on this connection (retry, ping, idle check, renewal).
    func nextDeadline(idle: Double) -> Double {
        guard !isConnecting else { return .infinity }  // its thread wakes the loop
        guard client != nil else { return retryAt }
        var due = min(lastHeardAt + idle, max(lastHeardAt, lastPingAt) + idle / 2)
        if let interval = group.feed.clientPingInterval { due = min(due, lastPingAt + interval) }
        if let renew = group.feed.renewAfter { due = min(due, connectedAt + renew) }
        return due
    }

    /// `1.3s`, `12s`.
    static func seconds(_ value: Double) -> String {
        value < 10 ? String(Double((value * 10).rounded()) / 10) + "s" : "\(Int(value.rounded()))s"
    }
}

/// Where `stream` writes its connection lines: errors always, events with `-v` only.
package struct StreamLog {
    let io: IO
    let verboseEnabled: Bool

    func error(_ line: String) { io.err("coinwatch: \(line)\n") }
    func verbose(_ line: String) { if verboseEnabled { io.err("coinwatch: \(line)\n") } }

    package init(io: IO, verboseEnabled: Bool) {
        self.io = io
        self.verboseEnabled = verboseEnabled
    }
}
