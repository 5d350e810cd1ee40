extension CommandContext {
    /// Webhook retries within a pass: the default policy, with the first backoff taken from
    /// `$COINWATCH_RETRY_BACKOFF` (seconds, 0 or more) when it is set.
    public var retryPolicy: RetryPolicy {
        var policy = RetryPolicy()
        if let text = io.environment["COINWATCH_RETRY_BACKOFF"], let seconds = Double(text), seconds >= 0, seconds.isFinite {
            policy.baseDelay = seconds
        }
        return policy
    }
}
