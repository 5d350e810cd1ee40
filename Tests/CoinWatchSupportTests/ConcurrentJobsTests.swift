@testable import CoinWatchSupport
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import TestHelpers

/// `ConcurrentJobs.inChunks`: ranges handed to two threads as they come free, results in range
/// order, every index in exactly one range, and nil once a range gives nil.
@Suite struct ConcurrentJobsTests {
    @Test(arguments: [0, 1, 249, 250, 251, 1000, 5001])
    func everyIndexIsInOneRangeAndTheResultsAreInOrder(count: Int) throws {
        let calls = Atomic<Int>(0)
        let ranges = try #require(ConcurrentJobs.inChunks(count: count, chunk: 250) { range -> Range<Int>? in
            calls.wrappingAdd(1, ordering: .relaxed)
            return range
        })
        #expect(ranges.count == (count + 249) / 250 && calls.load(ordering: .relaxed) == ranges.count)
        #expect(ranges.flatMap { Array($0) } == Array(0..<count))
        #expect(ranges.dropLast().allSatisfy { $0.count == 250 })
    }

    @Test func aRangeThatGivesNilMakesTheWholeNilAndStopsTheRest() {
        let calls = Atomic<Int>(0)
        let result = ConcurrentJobs.inChunks(count: 100_000, chunk: 10) { range -> Int? in
            calls.wrappingAdd(1, ordering: .relaxed)
            return range.contains(55) ? nil : range.count
        }
        #expect(result == nil)
        // Both threads stop soon after the failing range; far fewer than the 10,000 ranges run.
        #expect(calls.load(ordering: .relaxed) < 5_000)
    }

    @Test func theWorkIsSharedByTwoThreads() {
        let threads = Mutex<Set<UInt>>([])
        _ = ConcurrentJobs.inChunks(count: 400, chunk: 1, helper: HelperThread()) { range -> Int? in
            threads.withLock { _ = $0.insert(UInt(pthread_self())) }
            var spin = 0
            for step in 0..<20_000 { spin &+= step }  // long enough that the second thread gets some
            return range.lowerBound + (spin & 0)
        }
        #expect(threads.withLock { $0.count } == 2)
    }

    @Test func onHelperRunsTheJobOnTheHelperBesideThisThread() {
        let caller = UInt(pthread_self())
        let started = HelperThreadTests.Signal()
        let (job, own) = ConcurrentJobs.onHelper({
            started.post()
            return UInt(pthread_self())
        }, helper: HelperThread()) {
            started.wait()  // the helper has it (finishing it here first would run it on this thread)
            return UInt(pthread_self())
        }
        #expect(own == caller)
        #expect(job != caller)
    }
}

/// `HelperThread`: jobs in order on one kept thread; a caller never waits behind a job it did not
/// choose to (`finish` runs an unstarted job itself, `withdraw` takes one back).
@Suite struct HelperThreadTests {
    /// A POSIX semaphore a job can post.
    final class Signal: @unchecked Sendable {
        private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        init() { sem_init(semaphore, 0, 0) }
        deinit { sem_destroy(semaphore); semaphore.deallocate() }
        func post() { sem_post(semaphore) }
        func wait() { sem_wait(semaphore) }
    }

    /// A helper held busy until `release` (its first job waits for it).
    private struct Held {
        let helper = HelperThread()
        let gate = Signal()
        init() {
            let (gate, entered) = (gate, Signal())
            _ = helper.submit {
                entered.post()
                gate.wait()
            }
            entered.wait()
        }
        func release() { gate.post() }
    }

    @Test func aJobTheBusyHelperHasNotStartedIsFinishedOnTheCaller() {
        let held = Held()
        let ranOn = Mutex<UInt?>(nil)
        let job = held.helper.submit { ranOn.withLock { $0 = UInt(pthread_self()) } }
        held.helper.finish(job)
        #expect(ranOn.withLock { $0 } == UInt(pthread_self()))
        held.release()
    }

    @Test func aWithdrawnJobNeverRuns() {
        let held = Held()
        let ran = Atomic<Bool>(false)
        let job = held.helper.submit { ran.store(true, ordering: .relaxed) }
        held.helper.withdraw(job)
        held.release()
        let drained = Signal()
        _ = held.helper.submit { drained.post() }
        drained.wait()  // the helper has run everything given before
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }

    @Test func aJobGivenFromTheHelperRunsAtOnceOnIt() {
        let helper = HelperThread()
        let inner = Mutex<(ran: Bool, onHelper: Bool)>((false, false))
        let done = Signal()
        _ = helper.submit {
            let nested = helper.submit { inner.withLock { $0 = (true, helper.isCurrent) } }
            helper.finish(nested)
            done.post()
        }
        done.wait()  // the helper ran it (finishing it here could run it on this thread)
        #expect(inner.withLock { $0.ran && $0.onHelper })
    }

    /// `CLI.run` quiesces the helper before the process exits: the job running then (libcurl's
    /// dlopen) has ended when `quiesce` returns, and one not started never runs.
    @Test func quiesceReturnsOnlyOnceTheRunningJobHasEndedAndTakesBackTheRest() {
        let helper = HelperThread()
        let gate = Signal(), entered = Signal()
        let firstEnded = Atomic<Bool>(false), secondRan = Atomic<Bool>(false)
        _ = helper.submit {
            entered.post()
            gate.wait()
            firstEnded.store(true, ordering: .sequentiallyConsistent)
        }
        entered.wait()
        let releaser = HelperThread()
        _ = releaser.submit { gate.post() }  // from another thread, while this one quiesces
        helper.quiesce()
        let ended = firstEnded.load(ordering: .sequentiallyConsistent)
        #expect(ended, "quiesce returned while the job ran")
        // A job given after quiescing runs as usual (the helper is kept).
        let later = Signal()
        _ = helper.submit { secondRan.store(true, ordering: .sequentiallyConsistent); later.post() }
        later.wait()
        let ran = secondRan.load(ordering: .sequentiallyConsistent)
        #expect(ran)
        releaser.quiesce()
    }

    @Test func aDisposedValueIsFreedOnTheHelper() {
        /// Where a probe was freed: 0 not yet, 1 on the helper, 2 elsewhere.
        final class Record: Sendable { let place = Mutex<Int>(0) }
        /// Records, when freed, whether the helper freed it.
        final class Probe: Sendable {
            let helper: HelperThread, record: Record
            init(_ helper: HelperThread, _ record: Record) { (self.helper, self.record) = (helper, record) }
            deinit { record.place.withLock { $0 = helper.isCurrent ? 1 : 2 } }
        }
        let helper = HelperThread()
        let freed = Record()
        helper.dispose(Probe(helper, freed))
        let done = Signal()
        _ = helper.submit { done.post() }
        done.wait()
        #expect(freed.place.withLock { $0 } == 1, "freed on the helper")
    }

    @Test func jobsRunInTheOrderGiven() {
        let helper = HelperThread()
        let order = Mutex<[Int]>([])
        let jobs = (0..<50).map { index in helper.submit { order.withLock { $0.append(index) } } }
        let drained = Signal()
        _ = helper.submit { drained.post() }
        drained.wait()
        for job in jobs { helper.finish(job) }
        let ran = order.withLock { $0 }
        #expect(ran == ran.sorted(), "\(ran)")
    }
}
