import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking jobs at once, one POSIX thread each, while the calling thread does its own work
/// (command sinks wait for their programs while the webhooks' transfers run).
public enum ConcurrentJobs {
    /// Runs every job on its own thread and `alongside` on this one; returns when all have finished.
    /// A job whose thread cannot be created runs on this thread after `alongside`.
    public static func run<T: Sendable, U>(_ jobs: [@Sendable () -> T], alongside: () -> U) -> (jobs: [T], alongside: U) {
        let slots = jobs.map { job in ResultSlot(job) }
        var threads: [pthread_t?] = []
        for slot in slots {
            let work = ThreadWork { slot.fill() }
            var thread = pthread_t()
            let retained = Unmanaged.passRetained(work)
            let started = pthread_create(&thread, nil, { pointer in
                guard let pointer else { return nil }
                Unmanaged<ThreadWork>.fromOpaque(pointer).takeRetainedValue().body()
                return nil
            }, retained.toOpaque())
            if started == 0 {
                threads.append(thread)
            } else {
                retained.release()
                threads.append(nil)
            }
        }
        let own = alongside()
        for (slot, thread) in zip(slots, threads) {
            if let thread { pthread_join(thread, nil) } else { slot.fill() }
        }
        return (slots.compactMap(\.result), own)
    }
}

extension ConcurrentJobs {
    /// Runs `job` on the process's helper thread (`HelperThread`) and `alongside` on this one;
    /// returns when both have finished. For CPU work: the helper's other jobs, such as
    /// `inChunks`' ranges, then run on the same thread, on the other core.
    static func onHelper<T: Sendable, U>(_ job: @escaping @Sendable () -> T, helper: HelperThread = .shared,
                                         alongside: () -> U) -> (job: T, alongside: U) {
        let slot = ResultSlot(job)
        let given = helper.submit { slot.fill() }
        let own = alongside()
        helper.finish(given)
        return (slot.result ?? job(), own)  // a finished job has left its result
    }
}

extension ConcurrentJobs {
    /// Runs `body` on a new detached POSIX thread that nobody joins (`stream`'s sink threads); false
    /// when the thread cannot be created (`body` then never runs).
    static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(ThreadWork(body))
        let started = pthread_create(&thread, &attributes, { pointer in
            guard let pointer else { return nil }
            Unmanaged<ThreadWork>.fromOpaque(pointer).takeRetainedValue().body()
            return nil
        }, retained.toOpaque())
        if started != 0 { retained.release() }
        return started == 0
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

extension ConcurrentJobs {
    /// `body` over `0..<count` cut into ranges of `chunk`, run on this thread and one more: each
    /// thread takes the next range as soon as it is free, so a thread that shares its core with
    /// other work simply takes fewer. The results in range order, or nil as soon as one range gives
    /// nil (no range is started after that).
    /// `helper` is the thread that takes ranges beside this one.
    static func inChunks<T: Sendable>(count: Int, chunk: Int, helper: HelperThread = .shared,
                                      _ body: @escaping @Sendable (Range<Int>) -> T?) -> [T]? {
        let size = max(1, chunk)
        let chunks = (max(0, count) + size - 1) / size
        let shared = ChunkResults<T>(chunks)
        let work: @Sendable () -> Void = {
            while !shared.failed.load(ordering: .relaxed) {
                let index = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < chunks else { return }
                guard let result = body((index * size)..<min(count, (index + 1) * size)) else {
                    shared.failed.store(true, ordering: .relaxed)
                    return
                }
                shared.slots[index] = result
            }
        }
        // The process's helper thread takes ranges beside this one (once done with any job it had).
        let job = helper.submit(work)
        work()
        helper.withdraw(job)
        guard !shared.failed.load(ordering: .relaxed) else { return nil }
        let results = shared.slots.compactMap { $0 }
        return results.count == chunks ? results : nil
    }
}

/// The ranges' results and the next range to take, shared by the threads of `inChunks`; each slot
/// is written by one thread only, and read after the threads are joined.
private final class ChunkResults<T>: @unchecked Sendable {
    let next = Atomic<Int>(0)
    let failed = Atomic<Bool>(false)
    let slots: UnsafeMutableBufferPointer<T?>

    init(_ count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
}
