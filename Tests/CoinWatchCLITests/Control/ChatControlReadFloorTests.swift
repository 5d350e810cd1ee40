@testable import CoinWatchCLI
@testable import CoinWatchEngine
@testable import CoinWatchRules
import CoinWatchTransport
import Synchronization
import Testing
@testable import TestHelpers

/// The chat threads' pause between two reads (`ChatControl.run`), on the wall clock the chat side reads.
@Suite struct ChatControlReadFloorTests {
    /// A wall clock stepped back while a read was in flight (NTP) holds the next read for at most the 1 s floor, never
    /// for the step (an hour without answers).
    @Test func aClockSteppedBackDuringAReadHoldsTheNextReadForAtMostTheFloor() throws {
        let rig = try ControlEndToEndTests.Rig(longPollLimit: 0)
        let rules = try RulesLoader.load(path: rig.flow.rulesPath, environment: [:], unavailableSinks: true).rules
        let link = try #require(ControlLink.links(for: rules).links.first)
        let calls = Mutex(0)
        let now: @Sendable () -> Double = { calls.withLock { $0 += 1; return $0 == 1 ? 1_000_000 : 1_000_000 - 3_600 } }
        let sleeper = RecordingSleeper()
        let side = ControlSide(link: link, store: ControlStore(path: rig.flow.statePath, lockTimeout: 1), rulesPath: rig.flow.rulesPath,
                               environment: [:], http: CurlTransport(), sleeper: sleeper, now: now,
                               auditPath: rig.flow.dir.file("control.jsonl"), err: { _ in })
        let asked = Mutex(0)
        side.current = { asked.withLock { $0 += 1; return $0 <= 2 } }  // one cycle: the loop's check and the read's
        ChatControl.run(side, sleeper: sleeper)
        #expect(rig.telegram.calls("getUpdates").count == 1)
        #expect(sleeper.recorded.allSatisfy { $0 <= ChatControl.readFloor }, "\(sleeper.recorded)")
    }
}
