import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
import Glibc
import Synchronization

/// Where the commands that run passes meet the chat side (SPEC §13): `--once` answers at its start;
/// loop mode, `stream` and `coinwatch control` long-poll each chat on a thread of its own.
enum ChatControl {
    /// Seconds one long poll waits for a message (under the chat services' limits; a message ends the wait at once).
    static let longPoll: Double = 25
    /// Seconds between two tries when a chat cannot be read (the chat service down, a bad token).
    static let retryPause: Double = 15
    /// The fewest seconds between two reads of a chat after a read that brought nothing: a proxy or server that answers
    /// a long poll at once with nothing is not asked again in a tight loop.
    static let readFloor: Double = 1

    /// The control lock this process holds (`<state>.control.lock`): one process answers a state's chats at a time.
    private static let claimed = Mutex<StateLock?>(nil)
    /// Counts the sets of chat threads started: a thread of an older set ends after its read in progress.
    private static let generation = Atomic<Int>(0)
    /// The rules the chat threads in force were set up with, their rules and favorites left out.
    private static let running = Mutex<RulesFile?>(nil)

    /// One chat side per chat service in rules.json's `control` (none with `--dry-run`, which writes nothing, nor when
    /// another process answers this state's chats: one line says so unless `quiet`); a sink (or `control_log`) that
    /// cannot be used now is one line on stderr (when `quiet`, only in a `--once` pass: after a `--baseline` start's
    /// answers, the chat threads set up next say it).
    static func sides(_ context: CommandContext, rules: RulesFile, mailbox: ControlMailbox? = nil, quiet: Bool = false) -> [ControlSide] {
        guard rules.control != nil, !context.arguments.dryRun, claim(context, quiet: quiet) else { return [] }
        let (links, problems) = ControlLink.links(for: rules)
        for problem in problems where !quiet || context.arguments.once { context.io.err("coinwatch: \(problem)\n") }
        let io = context.io
        let clock = context.clock
        // As the pass reads it: an unset `${…}` leaves its part unavailable (never a placeholder that fails a user id).
        let environment = context.io.environment
        let store = mailbox.map(ControlStore.init(mailbox:)) ?? ControlStore(path: context.statePath, lockTimeout: context.lockTimeout)
        // `/chart`'s image: history as an alert's chart gets it (the history store, then the provider).
        let charts = AlertCharts(providers: rules.providers, transport: context.transport, environment: io.environment,
                                 storePath: Paths.historyStore(environment: io.environment), warn: { io.err($0) })
        let scrubber = SecretScrubber(rules: rules)
        return links.map { link in
            let side = ControlSide(link: link, store: store, rulesPath: context.rulesPath, environment: environment,
                                   http: context.transport, sleeper: context.sleeper,
                                   now: { clock.now().timeIntervalSince1970 },
                                   auditPath: rules.controlLog ?? ControlSide.defaultAuditPath(statePath: context.statePath), err: { io.err($0) })
            side.chartImage = { chart, now in charts.png(for: chart, now: now) }
            side.scrubber = scrubber
            return side
        }
    }

    /// Whether this process answers the chats of its state: the control lock taken without waiting, the first time,
    /// and kept until the process ends (or `answerOnce` is done); when another process holds it, one line says so
    /// unless `quiet` (a `--once` pass beside a `coinwatch control` daemon leaves the chats to it); a lock that cannot be
    /// used (a symbolic link) is one line, when `quiet` only in a `--once` pass (as `sides` says a sink's problem).
    private static func claim(_ context: CommandContext, quiet: Bool) -> Bool {
        claimed.withLock { held in
            guard held == nil else { return true }
            do throws(StateError) {
                held = try StateLock.acquire(statePath: context.statePath + ".control", timeout: 0)
                return true
            } catch {
                if case .locked = error {
                    if !quiet {
                        context.io.err("coinwatch: control: another coinwatch process answers the chats of \(context.statePath); "
                                       + "this one reads no commands (alerts are not affected)\n")
                    }
                } else if !quiet || context.arguments.once {
                    context.io.err("coinwatch: control: cannot answer chat: \(error.reason) (alerts are not affected)\n")
                }
                return false
            }
        }
    }

    /// `--once` and a `--baseline` start: answers what arrived since the last pass, without waiting for more, then gives
    /// the control lock up (a daemon started during the rest of the pass reads the chats); the rules to run with, read
    /// again when a command changed rules.json (a `--baseline` start baselines what the commands added).
    static func answerOnce(_ context: CommandContext, rules: RulesFile) throws(ExitCodeError) -> RulesFile {
        let changed = Mutex(false)
        for side in sides(context, rules: rules, quiet: true) {
            side.rulesChanged = { changed.withLock { $0 = true } }
            side.cycle(timeout: 0)
        }
        claimed.withLock { $0?.release(); $0 = nil }
        guard changed.withLock({ $0 }) else { return rules }
        return try context.loadRules(unavailableSinks: true)
    }

    /// Loop mode, `stream` and `coinwatch control`: one thread per chat, long-polling until the process ends or the
    /// next call (a reload) replaces them; an edit of rules.json raises SIGHUP, so the loop or the stream re-reads it at
    /// once; `reading` then says whether a chat is read.
    static func startBeside(_ context: CommandContext, rules: RulesFile, mailbox: ControlMailbox? = nil) {
        var setup = rules
        setup.rules = []
        setup.favorites = []
        // A reload that changed only rules or favorites (after a chat's own `/alert`) leaves the threads reading.
        guard running.withLock({ $0 != setup }) else { return }
        let current = generation.add(1, ordering: .sequentiallyConsistent).newValue
        let sides = sides(context, rules: rules, mailbox: mailbox)
        running.withLock { $0 = sides.isEmpty ? nil : setup }  // none read: the next reload tries again
        for side in sides {
            side.rulesChanged = { kill(getpid(), SIGHUP) }
            side.current = { generation.load(ordering: .sequentiallyConsistent) == current }
            _ = ConcurrentJobs.detach { run(side, sleeper: context.sleeper) }
        }
    }

    /// Whether chat threads are reading: false when the last setup read no chat.
    static var reading: Bool { running.withLock { $0 != nil } }

    /// Cycles `side` until a reload replaces it, pausing after a failed read and between reads that come back at once
    /// with nothing (a read that brought a command is followed by the next at once).
    static func run(_ side: ControlSide, sleeper: any Sleeper) {
        while side.current() {
            // Not past the moment a held answer (a 429's retry_after) may go.
            let wait = side.nextDue().map { min(longPoll, max(0, $0 - side.now())) } ?? longPoll
            let started = side.now()
            guard let brought = side.cycle(timeout: wait) else {
                sleeper.sleep(seconds: retryPause)
                continue
            }
            let spent = max(side.now() - started, 0)  // a wall clock stepped back holds no read for longer than the floor
            if brought == 0 && spent < readFloor { sleeper.sleep(seconds: readFloor - spent) }
        }
    }
}
