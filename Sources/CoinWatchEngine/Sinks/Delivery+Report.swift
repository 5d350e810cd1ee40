extension Delivery {
    /// What delivery did, for the exit code and stderr.
    package struct Report: Sendable, Equatable {
        /// One line per problem (stderr), secrets removed.
        package var errors: [String] = []
        /// Some alert was refused for good, dropped, or a sink could not be written (exit 1).
        package var failed = false
        /// Messages left in the outbox for a later pass (held ones included).
        package var queued = 0
        /// Webhook messages answered 2xx in this pass.
        package var delivered = 0
        /// The file records waiting in the spool that `outbox retry` appended (not the `undelivered` records it adds).
        package var appended = 0
        /// Webhook requests made.
        package var requestCount = 0
        /// The write-ahead save failed, so nothing was sent (the caller must not report the save again).
        package var stateUnwritten = false

        package init() {}
    }
}
