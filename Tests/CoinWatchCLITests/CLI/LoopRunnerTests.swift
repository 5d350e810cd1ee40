import Foundation
import Synchronization
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchTransport
@testable import CoinWatchRules
@testable import CoinWatchEngine
@testable import CoinWatchCLI

/// Loop mode's schedule and signal handling on virtual time (the binary's own signals are
/// proven in LoopModeEndToEndTests).
@Suite struct LoopRunnerTests {
    /// What the loop did: each pass's start (virtual seconds) and the favorites it ran with.
    final class Record: Sendable {
        private let storage = Mutex<[(start: Double, favorites: [String])]>([])
        func add(_ start: Double, _ favorites: [String]) { storage.withLock { $0.append((start, favorites)) } }
        var starts: [Double] { storage.withLock { $0.map(\.start) } }
        var favorites: [[String]] { storage.withLock { $0.map(\.favorites) } }
    }

    let dir: TempDir
    let errors = LineCollector()

    init() throws { dir = try TempDir() }

    private func rules(favorites: [String] = ["bitcoin"], extra: String = "") throws -> RulesFile {
        let path = try dir.write("rules.json", RulesJSON.make(baseURL: "http://127.0.0.1:1", favorites: favorites,
                                                               rules: #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}}"#, extra: extra))
        return try RulesLoader.load(path: path, environment: [:]).rules
    }

    /// Runs the loop until it returns; every pass takes `durations[n]` seconds (the last one repeats).
    private func run(interval: Double? = 10, durations: [Double] = [3], signals: [(at: Double, signals: LoopSignals)],
                     record: Record, initial: RulesFile) -> ExitCode {
        var arguments = Arguments()
        arguments.interval = interval
        let errors = self.errors
        let io = IO(out: { _ in }, err: { text in text.split(separator: "\n").forEach { errors.append(String($0)) } },
                    environment: [:], stdoutIsTTY: false)
        let context = CommandContext(arguments: arguments, io: io, clock: SystemClock(), transport: CurlTransport())
        let waiter = VirtualLoopWaiter(signals: signals)
        let count = Mutex(0)
        let runner = LoopRunner(context: context, rulesPath: dir.path + "/rules.json", rules: initial, waiter: waiter) { rules in
            record.add(waiter.now(), rules.favorites)
            let n = count.withLock { n in defer { n += 1 }; return n }
            waiter.advance(durations[min(n, durations.count - 1)])
            return .success
        }
        return runner.run()
    }

    @Test func scheduleDoesNotDrift() throws {
        let record = Record()
        let code = run(durations: [3], signals: [(45, .stop)], record: record, initial: try rules())
        #expect(code == .success)
        #expect(record.starts == [0, 10, 20, 30, 40], "each pass on its tick although each takes 3 s")
    }

    @Test func passesNeverOverlapAndMissedTicksAreSkipped() throws {
        let record = Record()
        _ = run(durations: [3, 25, 3], signals: [(55, .stop)], record: record, initial: try rules())
        // The second pass runs 10...35: the ticks at 20 and 30 are skipped, not caught up.
        #expect(record.starts == [0, 10, 40, 50])
    }

    @Test func stopDuringAPassLetsItFinishThenExitsZero() throws {
        let record = Record()
        let code = run(durations: [3], signals: [(11, .stop)], record: record, initial: try rules())
        #expect(code == .success)
        #expect(record.starts == [0, 10], "the pass that was running when the signal came is the last")
    }

    @Test func reloadWithAnInvalidFileKeepsTheOldRulesAndPrintsOneLine() throws {
        let record = Record()
        let initial = try rules()
        try dir.write("rules.json", #"{"favorites": ["bitcoin", "ethereum"], "rules": [{"id": "x", "coin": "bitcoin", "when": {"abvoe": 1}}, {"id": "y"}]}"#)
        _ = run(signals: [(5, .reload), (25, .stop)], record: record, initial: initial)
        #expect(record.favorites == [["bitcoin"], ["bitcoin"], ["bitcoin"]])
        #expect(errors.lines.count == 1, "\(errors.lines)")
        #expect(errors.lines.first?.hasPrefix("coinwatch: not reloaded, the rules in force stay: \(dir.path)/rules.json:1:") == true)
        #expect(errors.lines.first?.contains("(and ") == true, "counts the other problems")
    }

    @Test func reloadWithAValidFileTakesEffectBeforeTheNextPass() throws {
        let record = Record()
        let initial = try rules()
        _ = try rules(favorites: ["bitcoin", "ethereum"])
        _ = run(signals: [(5, .reload), (15, .stop)], record: record, initial: initial)
        #expect(record.favorites == [["bitcoin"], ["bitcoin", "ethereum"]])
        #expect(errors.lines == ["coinwatch: reloaded \(dir.path)/rules.json"])
    }

    @Test func reloadedIntervalCountsFromTheLastPassStart() throws {
        let record = Record()
        let initial = try rules(extra: #", "interval": "10s""#)
        _ = try rules(extra: #", "interval": "4s""#)
        _ = run(interval: nil, durations: [1], signals: [(5, .reload), (17, .stop)], record: record, initial: initial)
        #expect(record.starts == [0, 8, 12, 16])
    }

    @Test func intervalFlagOutlivesAReload() throws {
        let record = Record()
        let initial = try rules(extra: #", "interval": "10s""#)
        _ = try rules(extra: #", "interval": "4s""#)
        _ = run(interval: 6, durations: [1], signals: [(5, .reload), (19, .stop)], record: record, initial: initial)
        #expect(record.starts == [0, 6, 12, 18])
    }

    @Test func scheduleTicksAreStrictlyAfterNow() {
        let schedule = LoopSchedule(anchor: 100, interval: 10)
        #expect(schedule.tick(after: 100) == 110)
        #expect(schedule.tick(after: 109.999) == 110)
        #expect(schedule.tick(after: 110) == 120)
        #expect(schedule.tick(after: 155) == 160)
        #expect(schedule.tick(after: 90) == 110, "a clock before the anchor waits for the first tick")
    }
}
