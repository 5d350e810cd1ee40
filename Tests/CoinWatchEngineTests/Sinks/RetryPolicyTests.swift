import Testing
@testable import CoinWatchEngine

/// SPEC §3: retried within the pass "with backoff", `Retry-After` honoured, waits capped.
struct RetryPolicyTests {
    @Test func backoffDoublesFromTheBaseUpToTheCap() {
        let policy = RetryPolicy(attempts: 8, baseDelay: 1, maxDelay: 10)
        let waits = (1...7).map { policy.next(afterAttempt: $0, retryAfter: nil) }
        #expect(waits == [1, 2, 4, 8, 10, 10, 10].map { RetryPolicy.Next.retry(after: $0) })
    }

    @Test func afterTheLastTryTheMessageWaitsForTheNextPass() {
        let policy = RetryPolicy(attempts: 3)
        #expect(policy.next(afterAttempt: 3, retryAfter: nil) == .postpone(notBefore: nil))
        #expect(policy.next(afterAttempt: 3, retryAfter: 5) == .postpone(notBefore: 5), "Retry-After still honoured")
    }

    @Test func retryAfterIsHonouredWithinTheCap() {
        #expect(RetryPolicy().next(afterAttempt: 1, retryAfter: 7) == .retry(after: 7))
    }

    @Test func aRetryAfterBeyondTheCapPostponesToALaterPass() {
        #expect(RetryPolicy(maxDelay: 30).next(afterAttempt: 1, retryAfter: 120) == .postpone(notBefore: 120))
    }
}
