@testable import CoinWatchRules
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// Each test is one sentence of SPEC §2 "When a rule notifies", played as passes:
/// (time in seconds, does the condition hold, what the pair must do).
@Suite struct NotifyDecisionTests {
    typealias Pass = (t: Double, holds: Bool, expect: Decision)

    static func firing(_ reason: NotifyReason) -> Decision { .notify(status: .firing, reason: reason) }
    static let resolved = Decision.notify(status: .resolved, reason: .resolved)
    static func silent(_ reason: NotifyReason) -> Decision { .silent(reason: reason) }

    @Test func levelNotifiesOnBecomingTrue() {
        play(level: true, policy: NotifyPolicy(), [
            (0, false, Self.silent(.notTrue)),
            (60, true, Self.firing(.firstTime)),
            (120, false, Self.silent(.stoppedHolding)),
            (180, true, Self.firing(.becameTrue)),
        ])
    }

    @Test func levelTrueAtTheFirstObservationNotifies() {
        play(level: true, policy: NotifyPolicy(), [(0, true, Self.firing(.firstTime))])
    }

    @Test func levelDoesNotRepeatWhileTrue() {
        play(level: true, policy: NotifyPolicy(), [
            (0, true, Self.firing(.firstTime)),
            (60, true, Self.silent(.stillTrue)),
            (86_400, true, Self.silent(.stillTrue)),
        ])
    }

    @Test func repeatEveryNotifiesAgain() {
        play(level: true, policy: NotifyPolicy(repeatEvery: 3600), [
            (0, true, Self.firing(.firstTime)),
            (1800, true, Self.silent(.stillTrue)),
            (3600, true, Self.firing(.repeatIntervalPassed)),
            (5000, true, Self.silent(.stillTrue)),
            (7200, true, Self.firing(.repeatIntervalPassed)),
        ])
    }

    @Test func forDebouncesAcrossPasses() {
        play(level: true, policy: NotifyPolicy(forDuration: 300), [
            (0, true, Self.silent(.pendingFor)),
            (120, true, Self.silent(.pendingFor)),
            (240, false, Self.silent(.notTrue)),
            (300, true, Self.silent(.pendingFor)),
            (540, true, Self.silent(.pendingFor)),
            (600, true, Self.firing(.heldFor)),
            (660, true, Self.silent(.stillTrue)),
        ])
    }

    @Test func eventsNotifyOnEachEvent() {
        play(level: false, policy: NotifyPolicy(forDuration: 300, repeatEvery: 60), [
            (0, true, Self.firing(.event)),
            (60, false, Self.silent(.notTrue)),
            (120, true, Self.firing(.event)),
        ])
    }

    @Test func cooldownDropsEvents() {
        play(level: false, policy: NotifyPolicy(cooldown: 3600), [
            (0, true, Self.firing(.event)),
            (60, true, Self.silent(.eventDroppedInCooldown)),
            (3599, true, Self.silent(.eventDroppedInCooldown)),
            (3660, false, Self.silent(.notTrue)),
            (3720, true, Self.firing(.event)),
        ])
    }

    @Test func levelStillTrueWhenCooldownEndsNotifies() {
        play(level: true, policy: NotifyPolicy(cooldown: 3600), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.silent(.stoppedHolding)),
            (120, true, Self.silent(.suppressedByCooldown)),
            (3540, true, Self.silent(.suppressedByCooldown)),
            (3600, true, Self.firing(.cooldownEnded)),
            (3660, true, Self.silent(.stillTrue)),
        ])
    }

    @Test func levelThatStopsHoldingDuringCooldownStaysSilent() {
        play(level: true, policy: NotifyPolicy(cooldown: 3600), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.silent(.stoppedHolding)),
            (120, true, Self.silent(.suppressedByCooldown)),
            (180, false, Self.silent(.notTrue)),
            (3700, false, Self.silent(.notTrue)),
        ])
    }

    @Test func cooldownAlsoHoldsBackRepeats() {
        play(level: true, policy: NotifyPolicy(cooldown: 3600, repeatEvery: 600), [
            (0, true, Self.firing(.firstTime)),
            (600, true, Self.silent(.suppressedByCooldown)),
            (3600, true, Self.firing(.repeatIntervalPassed)),
        ])
    }

    @Test func cooldownRunsFromTheLastNoticeFiringOrResolved() {
        play(level: true, policy: NotifyPolicy(cooldown: 3600, resolve: true), [
            (0, true, Self.firing(.firstTime)),
            (3000, false, Self.resolved),
            (3700, true, Self.silent(.suppressedByCooldown)),
            (6600, true, Self.firing(.cooldownEnded)),
        ])
    }

    @Test func onceSendsAtMostOne() {
        play(level: true, policy: NotifyPolicy(once: true), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.silent(.stoppedHolding)),
            (120, true, Self.silent(.onceAlreadySent)),
        ])
        play(level: true, policy: NotifyPolicy(repeatEvery: 60, once: true), [
            (0, true, Self.firing(.firstTime)),
            (60, true, Self.silent(.onceAlreadySent)),
        ])
        play(level: false, policy: NotifyPolicy(once: true), [
            (0, true, Self.firing(.event)),
            (60, true, Self.silent(.onceAlreadySent)),
        ])
    }

    @Test func onceWithResolveSendsOneOfEach() {
        play(level: true, policy: NotifyPolicy(once: true, resolve: true), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.resolved),
            (120, true, Self.silent(.onceAlreadySent)),
            (180, false, Self.silent(.notTrue)),
        ])
    }

    @Test func resolveSendsOneResolved() {
        play(level: true, policy: NotifyPolicy(resolve: true), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.resolved),
            (120, false, Self.silent(.notTrue)),
        ])
    }

    @Test func withoutResolveNothingIsSentWhenItStops() {
        play(level: true, policy: NotifyPolicy(), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.silent(.stoppedHolding)),
        ])
    }

    @Test func resolveOnlyFollowsAFiredCondition() {
        play(level: true, policy: NotifyPolicy(forDuration: 300, resolve: true), [
            (0, true, Self.silent(.pendingFor)),
            (60, false, Self.silent(.notTrue)),
        ])
    }

    @Test func resolvedIsNotHeldByCooldown() {
        play(level: true, policy: NotifyPolicy(cooldown: 3600, resolve: true), [
            (0, true, Self.firing(.firstTime)),
            (60, false, Self.resolved),
        ])
    }

    @Test func suppressedLevelStaysPendingNotFired() {
        var pair = PairState()
        pair.lastNotified = 0
        let (next, decision) = NotifyDecision.decide(pair: pair, conditionTrue: true, isLevel: true,
                                                     policy: NotifyPolicy(cooldown: 60), now: 30)
        #expect(decision == .silent(reason: .suppressedByCooldown))
        #expect(!next.firing)
        #expect(next.lastFired == nil)
        #expect(next.trueSince == 30)
    }

    @Test func firingNoticeRecordsItsTimes() {
        let (next, _) = NotifyDecision.decide(pair: PairState(), conditionTrue: true, isLevel: true,
                                              policy: NotifyPolicy(), now: 500)
        #expect(next.firing && next.firedOnce)
        #expect(next.lastFired == 500 && next.lastNotified == 500 && next.trueSince == 500)
    }

    @Test func policyTakesTheDefaultCooldown() {
        var rule = Rule(id: "r", coin: "bitcoin", condition: .above(1))
        var defaults = Defaults()
        defaults.cooldown = 3600
        #expect(NotifyPolicy(rule: rule, defaults: defaults).cooldown == 3600)
        rule.cooldown = 60
        #expect(NotifyPolicy(rule: rule, defaults: defaults).cooldown == 60)
    }

    @Test func everyReasonDescribesItself() {
        for reason in NotifyReason.allCases { #expect(!reason.description.isEmpty) }
    }

    /// Plays `passes` through `decide`, carrying the pair state from pass to pass.
    @Test func aSilencedLevelStaysPendingAndNotifiesWhenTheSilenceEnds() {
        play(level: true, policy: NotifyPolicy(silencedUntil: 3600), [
            (0, true, Self.silent(.silenced)),
            (1800, true, Self.silent(.silenced)),
            (3600, true, Self.firing(.firstTime)),
            (3660, true, Self.silent(.stillTrue)),
        ])
    }

    @Test func anEventDuringASilenceIsDropped() {
        play(level: false, policy: NotifyPolicy(silencedUntil: 3600), [
            (0, true, Self.silent(.silenced)),
            (60, false, Self.silent(.notTrue)),
            (3600, false, Self.silent(.notTrue)),
            (3660, true, Self.firing(.event)),
        ])
    }

    @Test func aSilenceHoldsBackARepeatAndAResolvedNotice() {
        var pair = PairState()
        let open = NotifyPolicy(repeatEvery: 600, resolve: true)
        (pair, _) = NotifyDecision.decide(pair: pair, conditionTrue: true, isLevel: true, policy: open, now: 0)
        var hushed = open
        hushed.silencedUntil = 5000
        let (kept, repeatDecision) = NotifyDecision.decide(pair: pair, conditionTrue: true, isLevel: true, policy: hushed, now: 900)
        #expect(repeatDecision == Self.silent(.silenced))
        let (_, resolveDecision) = NotifyDecision.decide(pair: kept, conditionTrue: false, isLevel: true, policy: hushed, now: 960)
        #expect(resolveDecision == Self.silent(.silenced))
    }

    @Test func heldBackNoticesSayWhenWhatHoldsThemEnds() {
        var pair = PairState()
        pair.lastNotified = 100
        pair.trueSince = 50
        #expect(NotifyDecision.heldUntil(.suppressedByCooldown, pair: pair, policy: NotifyPolicy(cooldown: 600)) == 700)
        #expect(NotifyDecision.heldUntil(.pendingFor, pair: pair, policy: NotifyPolicy(forDuration: 300)) == 350)
        #expect(NotifyDecision.heldUntil(.silenced, pair: pair, policy: NotifyPolicy(silencedUntil: 9000)) == 9000)
        #expect(NotifyDecision.heldUntil(.onceAlreadySent, pair: pair, policy: NotifyPolicy(once: true)) == nil)
    }

    private func play(level: Bool, policy: NotifyPolicy, _ passes: [Pass],
                      sourceLocation: SourceLocation = #_sourceLocation) {
        var pair = PairState()
        for pass in passes {
            let (next, decision) = NotifyDecision.decide(pair: pair, conditionTrue: pass.holds, isLevel: level,
                                                         policy: policy, now: pass.t)
            #expect(decision == pass.expect, "at t=\(pass.t)", sourceLocation: sourceLocation)
            pair = next
        }
    }
}
