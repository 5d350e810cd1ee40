import Glibc

/// Runs blocking jobs at once, one POSIX thread each, while the calling thread does its own work
/// (command sinks wait for their programs while the webhooks' transfers run).
package enum ConcurrentJobs {
    /// Runs every job on its own thread and `alongside` on this one; returns when all have finished.
    /// A job whose thread cannot be created runs on this thread after `alongside`.
    package static func run<T: Sendable, U>(_ jobs: [@Sendable () -> T], alongside: () -> U) -> (jobs: [T], alongside: U) {
        let slots = jobs.map { job in ResultSlot(job) }
        let threads = slots.map { slot in start(slot.fill) }
        let own = alongside()
        for (slot, thread) in zip(slots, threads) {
            if let thread { pthread_join(thread, nil) } else { slot.fill() }
        }
        return (slots.compactMap(\.result), own)
    }
}

extension ConcurrentJobs {
    /// Runs `body` on a new detached POSIX thread that nobody joins (`stream`'s sink threads); false
    /// when the thread cannot be created (`body` then never runs).
    package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        return start(body, attributes: &attributes) != nil
    }

    /// A new POSIX thread with `attributes` (nil: joinable) running `body`; nil when it cannot be created.
    private static func start(_ body: @escaping () -> Void, attributes: UnsafePointer<pthread_attr_t>? = nil) -> pthread_t? {
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(ThreadWork(body))
        let started = pthread_create(&thread, attributes, { pointer in
            guard let pointer else { return nil }
            Unmanaged<ThreadWork>.fromOpaque(pointer).takeRetainedValue().body()
            return nil
        }, retained.toOpaque())
        guard started == 0 else {
            retained.release()
            return nil
        }
        return thread
    }
}

/// A job and where its thread leaves the result (read only after the thread is joined).
private final class ResultSlot<T: Sendable>: @unchecked Sendable {
    let job: @Sendable () -> T
    var result: T?
    init(_ job: @escaping @Sendable () -> T) { self.job = job }
    func fill() { result = job() }
}

/// What a new thread runs (not generic: a C thread entry cannot carry a generic context).
private final class ThreadWork {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
