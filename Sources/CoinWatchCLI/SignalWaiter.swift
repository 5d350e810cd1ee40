import CoinWatchSupport
import CoinWatchEngine
import Synchronization
import Glibc

/// Signals caught and not yet taken (`LoopSignals` bits); the handlers only ever OR into it.
private let caughtSignals = Atomic<Int32>(0)
/// The write end of the self-pipe the handlers poke; -1 until installed.
private let wakeDescriptor = Atomic<Int32>(-1)

/// The signal handler: records the signal and wakes the waiter. Async-signal-safe: an
/// atomic OR, one non-blocking `write`, and `errno` restored.
private func recordSignal(_ number: Int32) {
    let savedErrno = errno
    let bit = number == SIGHUP ? LoopSignals.reload.rawValue
        : number == SIGWINCH ? LoopSignals.resize.rawValue : LoopSignals.stop.rawValue
    caughtSignals.bitwiseOr(bit, ordering: .sequentiallyConsistent)
    let descriptor = wakeDescriptor.load(ordering: .sequentiallyConsistent)
    if descriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }
    errno = savedErrno
}

/// The real waiter: `sigaction` handlers (`SA_RESTART`) for SIGINT, SIGTERM and SIGHUP record the
/// signal and write a byte to a self-pipe that waiting polls; the loop reads them between passes.
final class SignalWaiter: LoopWaiter {
    /// The read end of the self-pipe: readable when a signal came (`stream` polls it with its sockets).
    let readDescriptor: Int32

    private init(readDescriptor: Int32) {
        self.readDescriptor = readDescriptor
    }

    /// Creates the self-pipe and installs the handlers (with `resize`, SIGWINCH's too: `watch`); when
    /// the pipe cannot be made, prints `coinwatch: ` + `failure(the errno text)` and throws (exit 1).
    static func install(resize: Bool = false, _ context: CommandContext,
                        failure: (String) -> String) throws(ExitCodeError) -> SignalWaiter {
        let signals = [SIGINT, SIGTERM, SIGHUP] + (resize ? [SIGWINCH] : [])
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw context.fail(.failure, "coinwatch: " + failure(String(cString: strerror(errno))))
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        // Both globals are initialized here, before any handler can run.
        caughtSignals.store(0, ordering: .sequentiallyConsistent)
        wakeDescriptor.store(descriptors[1], ordering: .sequentiallyConsistent)
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = recordSignal
        action.sa_mask = set
        action.sa_flags = SA_RESTART
        for number in signals { _ = sigaction(number, &action, nil) }
        // A parent may have started us with these signals blocked (some process launchers
        // do): unblock them, or they would wait pending forever.
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return SignalWaiter(readDescriptor: descriptors[0])
    }

    func now() -> Double {
        Monotonic.now()
    }

    func wait(until deadline: Double) {
        _ = wait(until: deadline, input: nil)
    }

    /// `wait(until:)` that also returns, with true, as soon as descriptor `input` has bytes to read.
    func wait(until deadline: Double, input: Int32?) -> Bool {
        while caughtSignals.load(ordering: .sequentiallyConsistent) == 0 {
            let remaining = deadline - now()
            if remaining <= 0 { return false }
            // poll counts CLOCK_MONOTONIC, which stops while the machine sleeps: wake at least
            // once a minute so a tick due during a suspend is noticed soon after resume.
            let milliseconds = Int32((min(remaining, 60) * 1000).rounded(.up))
            var entries = [pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)]
            if let input { entries.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            if poll(&entries, nfds_t(entries.count), milliseconds) > 0 {
                if entries[0].revents != 0 { drain() }
                if entries.count > 1, entries[1].revents != 0 { return true }
            }
        }
        return false
    }

    /// Whether SIGINT or SIGTERM came and the loop has not taken it yet (asked from any thread).
    static var stopPending: Bool {
        caughtSignals.load(ordering: .sequentiallyConsistent) & LoopSignals.stop.rawValue != 0
    }

    func take() -> LoopSignals {
        drain()
        return LoopSignals(rawValue: caughtSignals.exchange(0, ordering: .sequentiallyConsistent))
    }

    /// Empties the self-pipe (its bytes only wake `poll`; the bits say which signal came).
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
    }
}
