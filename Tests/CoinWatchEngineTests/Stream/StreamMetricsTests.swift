@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// `stream --metrics` (SPEC §11) is written when something changed, at most every 5 s, at least
/// every 15 s while nothing changes (the message age moves on), and whenever forced (at exit); the
/// times are handed in, so no test waits for them.
@Suite struct StreamMetricsTests {
    /// The monotonic times at which `metrics` wrote, over `events` (time, whether something changed, forced).
    private func writes(_ events: [(at: Double, changed: Bool, force: Bool)]) throws -> [Double] {
        let dir = try TempDir()
        let metrics = StreamMetrics(path: dir.file("coinwatch.prom"))
        var written: [Double] = []
        for event in events {
            if event.changed { metrics.message("binance", at: 1_700_000_000 + event.at) }
            _ = metrics.writeIfDue(monotonicNow: event.at, force: event.force) {
                written.append(event.at)
                return "# nothing\n"
            }
        }
        return written
    }

    @Test func aChangeIsWrittenAtMostEveryFiveSeconds() throws {
        let changes = stride(from: 0.0, through: 12.0, by: 0.5).map { (second: Double) in (at: second, changed: true, force: false) }
        #expect(try writes(changes) == [0, 5, 10])
    }

    @Test func withoutChangesTheFileIsRefreshedEveryFifteenSeconds() throws {
        let ticks = stride(from: 0.0, through: 31.0, by: 1.0).map { (second: Double) in (at: second, changed: second == 0, force: false) }
        #expect(try writes(ticks) == [0, 15, 30])
    }

    @Test func aForcedWriteIsMadeAtOnce() throws {
        #expect(try writes([(0, true, false), (1, true, false), (1.5, false, true)]) == [0, 1.5])
    }
}
