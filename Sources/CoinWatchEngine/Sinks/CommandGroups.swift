import Synchronization
import Glibc

/// The process groups of the running command sink programs, so a signal that stops coinwatch ends
/// them too (SPEC §3); lock-free slots a signal handler may read.
package enum CommandGroups {
    /// How many running programs are listed at once.
    static let capacity = 64

    /// Process group ids, 0 for a free slot; made before any handler that reads them is installed.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int32>> = {
        let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
        for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
        return slots
    }()

    /// Programs started and not yet listed; a stopping signal waits for them (`killAll`).
    private static let starting = Atomic<Int>(0)

    /// Runs `spawn` with the stopping signals held back from this thread and lists the group it started, so a
    /// signal that comes at any moment finds the program listed (another thread's handler waits for the listing).
    static func start<Failure: Error>(_ spawn: () -> Result<pid_t, Failure>) -> (started: Result<pid_t, Failure>, slot: Int?) {
        var stopping = sigset_t(), previous = sigset_t()
        sigemptyset(&stopping)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, number) }
        pthread_sigmask(SIG_BLOCK, &stopping, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        starting.add(1, ordering: .sequentiallyConsistent)
        defer { starting.subtract(1, ordering: .sequentiallyConsistent) }
        let started = spawn()
        return (started, (try? started.get()).flatMap(add))
    }

    /// Lists the group of the program `pid`; its slot for `remove`, or nil when every slot is taken.
    private static func add(_ pid: pid_t) -> Int? {
        for index in 0..<capacity where slots[index].compareExchange(expected: 0, desired: pid, ordering: .sequentiallyConsistent).exchanged {
            return index
        }
        return nil
    }

    /// Takes a program off the list once it has been reaped.
    static func remove(_ slot: Int?) {
        guard let slot else { return }
        slots[slot].store(0, ordering: .sequentiallyConsistent)
    }

    /// Kills (SIGKILL) every listed group, once the programs being started are listed (a second at most).
    /// Async-signal-safe: atomic loads, nanosleep(2) and kill(2).
    static func killAll() {
        var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
        var waits = 0
        while starting.load(ordering: .sequentiallyConsistent) > 0, waits < 1000 {
            nanosleep(&pause, nil)
            waits += 1
        }
        for index in 0..<capacity {
            let group = slots[index].load(ordering: .sequentiallyConsistent)
            if group > 0 { kill(-group, SIGKILL) }
        }
    }

    /// Makes SIGINT, SIGTERM and SIGHUP end every running program's group, then coinwatch by the default action (the
    /// exit status still tells the signal); a signal ignored at start (`nohup`) stays ignored.
    package static func endWithSignals() {
        _ = slots
        _ = starting.load(ordering: .sequentiallyConsistent)  // made before a handler reads it
        var action = sigaction()
        action.__sigaction_handler.sa_handler = endGroupsThenStop
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0 else { continue }
            if let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                continue
            }
            _ = sigaction(number, &action, nil)
            // A parent may have started us with the signal blocked (some process launchers do).
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, number)
            _ = pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        }
    }
}

/// Kills the running programs' groups, then raises the signal again for its default action (SA_RESETHAND).
private func endGroupsThenStop(_ number: Int32) {
    CommandGroups.killAll()
    raise(number)
}
