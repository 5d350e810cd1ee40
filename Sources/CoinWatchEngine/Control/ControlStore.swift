import CoinWatchState
import Synchronization

/// How the chat side reaches the state (SPEC §13): through the file and its lock, or through `stream`'s event loop,
/// which holds the lock for its whole run: a change is handed to the loop, and the chat thread waits for its write.
package final class ControlStore: Sendable {
    private enum Mode: Sendable {
        case file(path: String, lockTimeout: Double)
        case stream(ControlMailbox)
    }

    private let mode: Mode

    /// The state file at `path`, locked for at most `lockTimeout` seconds at a time.
    package init(path: String, lockTimeout: Double) { mode = .file(path: path, lockTimeout: lockTimeout) }

    /// `stream`'s state, changed by its loop (`ControlMailbox.serve`).
    package init(mailbox: ControlMailbox) { mode = .stream(mailbox) }

    /// The state now.
    package func read() throws(StateError) -> StateDocument {
        switch mode {
        case .file(let path, let lockTimeout):
            return try SharedState(path: path, lockTimeout: lockTimeout).read()
        case .stream(let mailbox):
            let copy = Mutex<StateDocument?>(nil)
            try mailbox.run(writes: false) { state in copy.withLock { $0 = state } }
            return copy.withLock { $0 } ?? StateDocument()
        }
    }

    /// Lets `change` edit the state and writes it, all under the lock (or on `stream`'s loop).
    package func update(_ change: @escaping @Sendable (inout StateDocument) -> Void) throws(StateError) {
        switch mode {
        case .file(let path, let lockTimeout):
            try StateStore.update(path: path, lockTimeout: lockTimeout, change)
        case .stream(let mailbox):
            try mailbox.run(writes: true, change)
        }
    }
}

/// The changes the chat side hands to `stream`'s loop through its wake pipe; the loop applies and writes them.
package final class ControlMailbox: Sendable {
    private final class Job: Sendable {
        let change: @Sendable (inout StateDocument) -> Void
        /// Whether it changes the state (a read does not).
        let writes: Bool
        let done = WakePipe()
        /// Whether the loop ran it, and its state write's error.
        let outcome = Mutex<(ran: Bool, error: StateError?)>((false, nil))
        init(writes: Bool, _ change: @escaping @Sendable (inout StateDocument) -> Void) {
            self.writes = writes
            self.change = change
        }
    }

    private let jobs: LoopInbox<Job>
    /// Seconds a chat thread waits for the loop before giving up (the loop ending, say).
    static let patience: Double = 10

    init(wake: WakePipe) { jobs = LoopInbox(wake: wake) }

    /// Runs `change` on the loop and waits for it (at most `patience` seconds).
    func run(writes: Bool, _ change: @escaping @Sendable (inout StateDocument) -> Void) throws(StateError) {
        let job = Job(writes: writes, change)
        jobs.post(job)
        job.done.wait(seconds: Self.patience)
        let outcome = job.outcome.withLock { $0 }
        guard outcome.ran else {
            jobs.withdraw { $0 === job }
            throw .writeFailed(path: "the state", detail: "stream did not take the chat's change within \(Int(Self.patience)) s")
        }
        if let error = outcome.error { throw error }
    }

    /// On the loop: applies every queued change to `state`, then `save`s it once and tells each thread.
    package func serve(_ state: inout StateDocument, save: (StateDocument) throws(StateError) -> Void) {
        let taken = jobs.take()
        guard !taken.isEmpty else { return }
        for job in taken { job.change(&state) }
        var failure: StateError?
        do throws(StateError) {
            if taken.contains(where: \.writes) { try save(state) }
        } catch {
            failure = error
        }
        for job in taken {
            job.outcome.withLock { $0 = (true, failure) }
            job.done.poke()
        }
    }
}
