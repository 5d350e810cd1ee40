/// How a webhook request is retried within one pass: capped exponential backoff on network
/// errors, 5xx and 429, with `Retry-After` honoured (SPEC §3).
package struct RetryPolicy: Sendable, Equatable {
    /// Tries per message part within one pass, the first one included.
    package var attempts: Int
    /// Seconds before the first retry; each further retry waits twice as long.
    package var baseDelay: Double
    /// The longest single wait, in seconds; a `Retry-After` beyond it defers the message to a later pass.
    package var maxDelay: Double

    /// 4 tries, waiting 1 s, 2 s, 4 s between them, never more than 30 s at a time.
    package init(attempts: Int = 4, baseDelay: Double = 1, maxDelay: Double = 30) {
        self.attempts = max(1, attempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
    }

    /// What to do after failed try number `attempt` (1-based) in this pass.
    package enum Next: Sendable, Equatable {
        /// Try again after this many seconds.
        case retry(after: Double)
        /// Stop for this pass; the message waits in the outbox (until `notBefore` seconds from now, when given).
        case postpone(notBefore: Double?)
    }

    /// The wait before the next try: `Retry-After` when the server gave one (deferred to a later pass
    /// when it exceeds `maxDelay`), else `baseDelay × 2^(attempt-1)` capped at `maxDelay`.
    package func next(afterAttempt attempt: Int, retryAfter: Double?) -> Next {
        if let retryAfter, retryAfter > maxDelay { return .postpone(notBefore: retryAfter) }
        guard attempt < attempts else { return .postpone(notBefore: retryAfter) }
        if let retryAfter { return .retry(after: max(0, retryAfter)) }
        var delay = baseDelay
        for _ in 1..<max(1, attempt) { delay *= 2 }
        return .retry(after: min(delay, maxDelay))
    }
}
