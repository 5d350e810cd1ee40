@testable import CoinWatchCLI
@testable import CoinWatchEngine
@testable import CoinWatchRules
import CoinWatchTransport
import Synchronization
import Testing
@testable import TestHelpers

/// The chat threads' pause between two reads (`ChatControl.run`), on the wall clock the chat side reads.
@Suite struct ChatControlReadFloorTests {
    /// The chat side of `rig`'s Telegram chat, reading the wall clock `now` and pausing on `sleeper`.
    private func side(_ rig: ControlEndToEndTests.Rig, now: @escaping @Sendable () -> Double, sleeper: RecordingSleeper) throws -> ControlSide {
        let rules = try RulesLoader.load(path: rig.flow.rulesPath, environment: [:], unavailableSinks: true).rules
        let link = try #require(ControlLink.links(for: rules).links.first)
        return ControlSide(link: link, store: ControlStore(path: rig.flow.statePath, lockTimeout: 1), rulesPath: rig.flow.rulesPath,
                           environment: [:], http: CurlTransport(), sleeper: sleeper, now: now,
                           auditPath: rig.flow.dir.file("control.jsonl"), err: { _ in })
    }

    /// A wall clock stepped back while a read was in flight (NTP) holds the next read for at most the 1 s floor, never
    /// for the step (an hour without answers).
    @Test func aClockSteppedBackDuringAReadHoldsTheNextReadForAtMostTheFloor() throws {
        let rig = try ControlEndToEndTests.Rig(longPollLimit: 0)
        let calls = Mutex(0)
        let sleeper = RecordingSleeper()
        let side = try side(rig, now: { calls.withLock { $0 += 1; return $0 == 1 ? 1_000_000 : 1_000_000 - 3_600 } }, sleeper: sleeper)
        let asked = Mutex(0)
        side.current = { asked.withLock { $0 += 1; return $0 <= 2 } }  // one cycle: the loop's check and the read's
        ChatControl.run(side, sleeper: sleeper)
        #expect(rig.telegram.calls("getUpdates").count == 1)
        #expect(sleeper.recorded.allSatisfy { $0 <= ChatControl.readFloor }, "\(sleeper.recorded)")
    }

    /// The floor follows only a read that brought nothing: a command sent right after another is read at once.
    @Test func aReadThatBroughtACommandIsFollowedByTheNextReadAtOnce() throws {
        let rig = try ControlEndToEndTests.Rig(longPollLimit: 0)
        try rig.say("/help", from: ControlEndToEndTests.user)
        let sleeper = RecordingSleeper()
        let side = try side(rig, now: { 1_000_000 }, sleeper: sleeper)
        side.current = { sleeper.recorded.isEmpty }  // until the first pause
        ChatControl.run(side, sleeper: sleeper)
        #expect(rig.telegram.sent.count == 1, "the command is answered")
        #expect(rig.telegram.calls("getUpdates").count == 2, "read again at once after the command")
        #expect(sleeper.recorded == [ChatControl.readFloor], "then the floor, after the read that brought nothing")
    }
}
