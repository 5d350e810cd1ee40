import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
import CoinWatchChart
import Synchronization
/// The chat side's cycle for one chat service (SPEC §13): read after the state's offset, apply under
/// the lock in one state write, then send the answers due; a command is never acted on twice.
package final class ControlSide: @unchecked Sendable {
    package var link: ControlLink
    /// The state: its file and lock, or `stream`'s loop.
    package let store: ControlStore
    package let rulesPath: String
    package let environment: [String: String]
    package let http: any HTTPTransport
    package let sleeper: any Sleeper
    package let now: @Sendable () -> Double
    /// `control.jsonl`: one JSON line per command.
    package let auditPath: String
    /// Receives each stderr line (with its newline).
    package let err: @Sendable (String) -> Void
    /// Called after a command changed rules.json (a running loop or `stream` reloads it at once).
    package var rulesChanged: @Sendable () -> Void = {}
    /// Whether this side is still the one in force: after a reload (new rules) a read in progress is dropped, unanswered.
    package var current: @Sendable () -> Bool = { true }
    /// Draws a `/chart` answer's image at an instant (`AlertCharts.png(for:now:)`); nil: none is drawn, the answer says so.
    package var chartImage: (@Sendable (ControlChart, Double) -> Result<[UInt8], ChartError>)?
    /// The secrets of rules.json, masked in every answer.
    package var scrubber = SecretScrubber.none
    /// Seconds of sending one cycle may spend before leaving the rest for the next.
    package var sendBudget: Double = 20
    /// The last failure reported, so a chat that stays down is one line, not one per cycle.
    private var lastFailure: String?
    /// Per chat service, chat → when this process last sent it a message (one a second at most, across cycles and
    /// reloads); its lock is held while a side sends its queue, so a side a reload put in place of one still sending
    /// waits for it and never sends the same answer again.
    private static let lastSent = Mutex<[String: Sent]>([:])
    private final class Sent: Sendable { let chats = Mutex<[String: Double]>([:]) }

    package init(link: ControlLink, store: ControlStore, rulesPath: String, environment: [String: String],
                 http: any HTTPTransport, sleeper: any Sleeper, now: @escaping @Sendable () -> Double, auditPath: String,
                 err: @escaping @Sendable (String) -> Void) {
        self.link = link
        self.store = store
        self.rulesPath = rulesPath
        self.environment = environment
        self.http = http
        self.sleeper = sleeper
        self.now = now
        self.auditPath = auditPath
        self.err = err
    }

    /// `control.jsonl` beside the state file (SPEC §13).
    package static func defaultAuditPath(statePath: String) -> String {
        POSIXFile.folder(of: statePath) + "/control.jsonl"
    }

    /// One cycle: the answers still queued, then a read waiting up to `timeout` seconds; the number of messages the read
    /// brought (none when it left the offset where it was: nothing new), nil when the chat could not be read (the caller
    /// waits before the next).
    @discardableResult
    package func cycle(timeout: Double) -> Int? {
        sendDue()
        let offset: String?
        do {
            offset = try store.read().control.offsets[link.transport]
        } catch {
            report("coinwatch: control: \(error.message)")
            return nil
        }
        let read = link.service.poll(offset: offset, timeout: timeout, http: http)
        guard current() else { return 0 }
        switch read {
        case .failure(let failure):
            report("coinwatch: control: \(link.name): \(failure.message)")
            return nil
        case .success(let read):
            lastFailure = nil
            if let skipped = read.skipped { err("coinwatch: control: \(link.name): \(skipped)\n") }
            guard let next = read.offset, next != offset || !read.messages.isEmpty else { return 0 }
            apply(read.messages, from: offset, to: next)
            sendDue()
            return next == offset ? 0 : read.messages.count
        }
    }

    /// Applies `messages` read from `offset` in one state write, unless another process moved the offset meanwhile; a
    /// rules.json changed under the edit is read again and the commands redone. The commands are run once before the
    /// lock, writing nothing, so what they ask the network (`/favorite add`'s search) holds up no other command: under
    /// the lock the same requests are answered from then, and the commands checked again on the state as it is.
    private func apply(_ messages: [ControlMessage], from offset: String?, to next: String) {
        let http = RememberingTransport(http)
        if var state = try? store.read() { _ = receive(messages, from: offset, to: next, state: &state, http: http, writing: false) }
        for _ in 0..<3 {
            let result = Mutex<Applied>(.skipped)
            do {
                try store.update { [self] state in
                    result.withLock { $0 = self.receive(messages, from: offset, to: next, state: &state, http: http, writing: true) }
                }
            } catch {
                err("coinwatch: control: \(error.message)\n")
                return
            }
            let outcome: ControlReceiver.Outcome
            switch result.withLock({ $0 }) {
            case .skipped: return
            case .conflict: continue
            case .done(let done): outcome = done
            }
            for line in outcome.errors { err(line + "\n") }
            if !outcome.audit.isEmpty {
                do {
                    try FileSink.append(outcome.audit, to: auditPath)
                } catch {
                    err("coinwatch: control: the audit log: \(error.message)\n")
                }
            }
            for callback in outcome.callbacks { link.service.acknowledge(callback.id, text: callback.text, http: http) }
            if outcome.rules != nil { rulesChanged() }
            return
        }
        err("coinwatch: control: rules.json kept changing while a command edited it; the command will be read again\n")
    }

    /// What one try at applying a read came to.
    private enum Applied: Sendable {
        case done(ControlReceiver.Outcome)
        /// Another process moved the offset (it answered them), or rules.json cannot be read or written: nothing written.
        case skipped
        /// rules.json changed between its read and the rewrite: nothing written, try again.
        case conflict
    }

    /// Under the lock (or on `stream`'s loop): applies `messages` to `state` unless another process moved the
    /// offset meanwhile; rules.json is written here, before the state, when `writing`.
    private func receive(_ messages: [ControlMessage], from offset: String?, to next: String,
                         state: inout StateDocument, http: any HTTPTransport, writing: Bool) -> Applied {
        guard state.control.offsets[link.transport] == offset else { return .skipped }
        let bytes: [UInt8]
        let rules: RulesFile
        do {
            bytes = try FileReader.contents(of: rulesPath, limit: RulesValidator.maxFileBytes)
            rules = try RulesLoader.parse(bytes: bytes, path: rulesPath, environment: environment, unavailableSinks: true).rules
        } catch {
            if writing { err("coinwatch: control: \(rulesPath) cannot be read, no command answered: \(Self.summary(error))\n") }
            return .skipped
        }
        var input = ControlInput(rules: rules, rulesBytes: bytes, environment: environment, state: state, now: now(),
                                 transport: http)
        let chat = rules.control?[link.transport] ?? link.chat
        let outcome = ControlReceiver.receive(messages, offset: next, transport: link.transport, chat: chat, sinkChat: link.service.chat,
                                              limit: link.service.limit, input: &input)
        if let edit = outcome.rules, writing {
            do {
                try RulesFileWriter.replace(rulesPath, with: edit, expected: bytes)
            } catch {
                guard error.changedMeanwhile else {
                    err("coinwatch: control: \(error.message); no command answered, they are read again on the next pass\n")
                    return .skipped
                }
                return .conflict
            }
        }
        state = input.state
        return .done(outcome)
    }

    /// Sends this link's due answers, oldest first, one a second per chat: a 429 holds the chat, a network error or 5xx
    /// retries with backoff, another 4xx or a day undelivered drops the answer with a line on stderr.
    package func sendDue() {
        let transport = link.transport
        let sent = Self.lastSent.withLock { senders in
            let sent = senders[transport] ?? Sent()
            senders[transport] = sent
            return sent
        }
        sent.chats.withLock { sendDue(lastSent: &$0) }
    }

    private func sendDue(lastSent: inout [String: Double]) {
        let queued: [ControlAnswer]
        do {
            queued = try store.read().control.answers.filter { $0.transport == link.transport }
        } catch {
            return
        }
        guard !queued.isEmpty else { return }
        let started = now()
        var held: Set<String> = []
        var changed: [String: ControlAnswer?] = [:]  // key → new value (nil: gone)
        for var answer in queued {
            guard !held.contains(answer.chat) else { continue }
            if now() - started > sendBudget { break }
            if started - answer.queuedAt > Self.maxAge {
                err("coinwatch: control: \(link.name): dropped an answer undelivered for a day\n")
                changed[answer.key] = .some(nil)
                continue
            }
            if let notBefore = answer.notBefore, notBefore > now() {
                held.insert(answer.chat)
                continue
            }
            if let last = lastSent[answer.chat], now() - last < 1 { sleeper.sleep(seconds: 1 - (now() - last)) }
            let verdict = send(answer)
            lastSent[answer.chat] = now()
            switch verdict {
            case .delivered:
                changed[answer.key] = .some(nil)
            case .retry(_, retryAfter: let seconds?):
                answer.notBefore = now() + max(seconds, 1)
                changed[answer.key] = answer
                held.insert(answer.chat)
            case .retry(let reason, retryAfter: nil):
                answer.attempts += 1
                answer.notBefore = now() + min(Double(1 << min(answer.attempts, 10)), 300)
                changed[answer.key] = answer
                held.insert(answer.chat)
                report("coinwatch: control: \(link.name): an answer will be sent again: \(reason)")
            case .final(let reason):
                err("coinwatch: control: \(link.name) refused an answer, dropped: \(reason)\n")
                changed[answer.key] = .some(nil)
            }
        }
        guard !changed.isEmpty else { return }
        do {
            let changed = changed
            let transport = link.transport
            try store.update { state in
                state.control.answers = state.control.answers.compactMap { answer in
                    guard answer.transport == transport, let update = changed[answer.key] else { return answer }
                    return update
                }
            }
        } catch {
            err("coinwatch: control: \(error.message)\n")
        }
    }

    /// Sends one answer, secrets masked; a `/chart` answer with its image drawn now, or, when it cannot be drawn, one line
    /// saying why (a provider's error that may echo its key).
    private func send(_ queued: ControlAnswer) -> WebhookVerdict {
        var answer = queued
        var png: [UInt8]?
        if let chart = answer.chart {
            switch chartImage?(chart, now()) ?? .failure(ChartError("charts are not drawn here")) {
            case .success(let image): png = image
            case .failure(let error):
                answer.text = "no \(chart.range) chart for \(chart.symbol.uppercased())/\(chart.vs.uppercased()): \(error.message)"
            }
        }
        answer.text = scrubber.scrub(answer.text).text
        return link.service.send(answer, png: png, http: http)
    }

    /// The instant the next queued answer of this link may go (nil: none queued).
    package func nextDue() -> Double? {
        guard let answers = try? store.read().control.answers else { return nil }
        return answers.filter { $0.transport == link.transport }.map { $0.notBefore ?? 0 }.min()
    }

    /// An answer is dropped after a day undelivered, as an outbox message is.
    static let maxAge: Double = 86_400

    /// Prints `line` unless it repeats the last failure.
    private func report(_ line: String) {
        guard line != lastFailure else { return }
        lastFailure = line
        err(line + "\n")
    }

    private static func summary(_ error: any Error) -> String {
        switch error {
        case let error as RulesLoadError:
            switch error {
            case .unreadable(_, let reason): return reason
            case .invalid(_, let diagnostics): return diagnostics.first { $0.severity == .error }?.description ?? "invalid"
            }
        default: return "\(error)"
        }
    }
}
