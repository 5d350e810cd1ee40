@testable import CoinWatchKit
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing

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
        _ = ConcurrentJobs.inChunks(count: 400, chunk: 1) { range -> Int? in
            threads.withLock { _ = $0.insert(UInt(pthread_self())) }
            var spin = 0
            for step in 0..<20_000 { spin &+= step }  // long enough that the second thread gets some
            return range.lowerBound + (spin & 0)
        }
        #expect(threads.withLock { $0.count } == 2)
    }
}
