#if canImport(Glibc)
import Glibc
#endif

/// One thread beside the main one for a command's CPU work (`explain` reads the state on it while
/// rules.json is validated, then helps validate the rules; `ConcurrentJobs.inChunks`), started on
/// first use and kept for the life of the process.
///
/// Why one kept thread rather than a thread per job: a second job made while the first still runs
/// got a third thread on a two-core machine, and the scheduler placed it on the busy core while the
/// other sat idle (4 ms of a 25 ms `explain`, `perf sched timehist`). Jobs run in the order given.
///
/// A job's caller never depends on the helper being free: `Job.finish` runs a job that has not
/// started yet on the calling thread, and `Job.withdraw` takes back one the caller no longer needs.
/// So a job waits behind another only if the caller chooses to, and nothing can deadlock (a job
/// given from the helper itself runs at once on it).
package final class HelperThread: @unchecked Sendable {
    /// The process's helper.
    package static let shared = HelperThread()

    /// A job given to the helper.
    package final class Job: @unchecked Sendable {
        fileprivate enum Stage { case queued, running, done, withdrawn }
        fileprivate let body: () -> Void
        fileprivate var stage = Stage.queued

        fileprivate init(_ body: @escaping () -> Void) { self.body = body }
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var queue: [Job] = []
    /// The job the helper runs now.
    private var running: Job?
    private var thread: pthread_t?
    /// False when the thread could not be created: every job then runs where it is finished.
    private var started = false
    private var startFailed = false

    /// A helper of its own (tests); commands use `shared`.
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    /// Whether the calling thread is the helper.
    var isCurrent: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Gives `body` to the helper; on the helper itself it runs at once.
    package func submit(_ body: @escaping @Sendable () -> Void) -> Job {
        let job = Job(body)
        if isCurrent {
            job.stage = .running
            body()
            job.stage = .done
            return job
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !started, !startFailed { start() }
        if started {
            queue.append(job)
            pthread_cond_broadcast(changed)
        }
        return job
    }

    /// Hands `value` to the helper to be freed there, so that this thread does not spend its time
    /// taking apart a large tree it no longer needs (the rules file's parsed nodes). Unstarted at the
    /// end, the job is taken back and `value` freed where `quiesce` runs.
    package func dispose<T: Sendable>(_ value: consuming T) {
        let box = Box(value)
        _ = submit { box.value = nil }
    }

    /// A value the helper frees.
    private final class Box<T: Sendable>: @unchecked Sendable {
        var value: T?
        init(_ value: consuming T) { self.value = value }
    }

    /// Returns once `job` has run: at once on this thread when the helper has not started it,
    /// else when the helper finishes it.
    func finish(_ job: Job) {
        pthread_mutex_lock(mutex)
        if job.stage == .queued {
            job.stage = .running
            queue.removeAll { $0 === job }
            pthread_mutex_unlock(mutex)
            job.body()
            pthread_mutex_lock(mutex)
            job.stage = .done
            pthread_mutex_unlock(mutex)
            return
        }
        while job.stage == .running { pthread_cond_wait(changed, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Takes `job` back if the helper has not started it; else waits for it to end.
    func withdraw(_ job: Job) {
        pthread_mutex_lock(mutex)
        if job.stage == .queued {
            job.stage = .withdrawn
            queue.removeAll { $0 === job }
        }
        while job.stage == .running { pthread_cond_wait(changed, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Takes back every job not started and waits for the one running. `CLI.run` calls it before
    /// returning, so no job (libcurl's dlopen above all: `CurlGlobal.warmUp`) still runs while
    /// `exit` unloads the libraries under it (a pass refused for a bad state file crashed so).
    package func quiesce() {
        pthread_mutex_lock(mutex)
        for job in queue { job.stage = .withdrawn }
        queue.removeAll()
        while running != nil { pthread_cond_wait(changed, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Starts the thread (the mutex held).
    private func start() {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var created = pthread_t()
        let unmanaged = Unmanaged.passRetained(self)
        let code = pthread_create(&created, &attributes, { pointer in
            guard let pointer else { return nil }
            Unmanaged<HelperThread>.fromOpaque(pointer).takeRetainedValue().loop()
            return nil
        }, unmanaged.toOpaque())
        if code == 0 {
            thread = created
            started = true
        } else {
            unmanaged.release()
            startFailed = true
        }
    }

    /// The helper's life: the next job, run outside the lock.
    private func loop() -> Never {
        pthread_mutex_lock(mutex)
        while true {
            guard !queue.isEmpty else {
                pthread_cond_wait(changed, mutex)
                continue
            }
            let job = queue.removeFirst()
            job.stage = .running
            running = job
            pthread_mutex_unlock(mutex)
            job.body()
            pthread_mutex_lock(mutex)
            job.stage = .done
            running = nil
            pthread_cond_broadcast(changed)
        }
    }
}
