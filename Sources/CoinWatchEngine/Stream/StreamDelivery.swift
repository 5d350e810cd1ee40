import CoinWatchSupport
import CoinWatchState

/// `stream`'s send stage (SPEC §9): each queued sink's due messages go to a thread of its own, which works
/// on a copy; only the loop touches the state (`markDue` -> `dispatch` -> `sendQueued` -> `collect`).
final class StreamDelivery {
    /// What a sink's thread hands back.
    struct Outcome: Sendable {
        var sink: String
        /// The sink's messages not yet answered 2xx, in place of the ones handed out.
        var outbox: [OutboxEntry]
        /// At the thread's end, the file-sink records of alerts that will never be delivered, and its report.
        var end: Ended?
    }

    /// A thread's last word.
    struct Ended: Sendable {
        var records: [String]
        var report: Delivery.Report
    }

    /// Poked when a thread hands something back (the loop polls it with its sockets).
    var wake: WakePipe { mailbox.wake }
    /// Outcomes handed back and not yet collected, shared with the threads.
    private let mailbox: LoopInbox<Outcome>
    /// Sink → the Idempotency-Keys of the messages its thread holds (loop thread only).
    private var busy: [String: Set<String>] = [:]
    /// Sinks to look at on the next `dispatch`.
    private var due: Set<String> = []

    /// Hands back through `wake` (`stream` shares it with its connecting threads).
    init(wake: WakePipe = WakePipe()) {
        mailbox = LoopInbox(wake: wake)
    }

    /// Whether some sink's thread is still sending.
    var isBusy: Bool { !busy.isEmpty }

    /// `sinks` have new messages (or their waiting ones are to be retried).
    func markDue<S: Sequence<String>>(_ sinks: S) {
        due.formUnion(sinks)
    }

    /// Gives each due sink without a thread its outbox messages on a new one; a busy sink stays due until its thread ends.
    func dispatch(outbox: [OutboxEntry], delivery: Delivery, now: Double, environment: [String: String]) {
        for sink in due.sorted() where busy[sink] == nil {
            due.remove(sink)
            let entries = outbox.filter { $0.sink == sink }
            let plan = OutboxPlan.make(outbox: entries, fresh: [:], sinks: delivery.rules.sinks, now: now)
            guard !plan.lanes.isEmpty || !plan.dropped.isEmpty else { continue }
            busy[sink] = Set(entries.map(\.key))
            let mailbox = self.mailbox
            let started = ConcurrentJobs.detach {
                let sent = delivery.sendQueued(entries, now: now, environment: environment) { undelivered in
                    mailbox.post(Outcome(sink: sink, outbox: undelivered))
                }
                mailbox.post(Outcome(sink: sink, outbox: sent.outbox, end: Ended(records: sent.records, report: sent.report)))
            }
            if !started { busy[sink] = nil }  // the messages stay in the outbox for the next retry
        }
    }

    /// Puts what the threads handed back in place of what they were given; the ended threads' last words, nil when
    /// nothing was handed back.
    func collect(into outbox: inout [OutboxEntry]) -> [Ended]? {
        wake.drain()
        let outcomes = mailbox.take()
        var ended: [Ended] = []
        for outcome in outcomes {
            let handed = busy[outcome.sink] ?? []
            outbox = OutboxPlan.oldestFirst(outbox.filter { $0.sink != outcome.sink || !handed.contains($0.key) } + outcome.outbox)
            if let end = outcome.end {
                busy[outcome.sink] = nil
                ended.append(end)
            } else {
                busy[outcome.sink] = Set(outcome.outbox.map(\.key))
            }
        }
        return outcomes.isEmpty ? nil : ended
    }

    /// Waits at most until `deadline` (monotonic seconds) for the sinks' threads to end, collecting as they hand back.
    func finish(into outbox: inout [OutboxEntry], until deadline: Double) -> [Ended] {
        var ended = collect(into: &outbox) ?? []
        while isBusy {
            let remaining = deadline - Monotonic.now()
            guard remaining > 0 else { break }
            wake.wait(seconds: min(remaining, 0.1))
            ended += collect(into: &outbox) ?? []
        }
        return ended
    }
}
