extension Delivery {
    /// What delivery did, for the exit code and stderr.
    public struct Report: Sendable, Equatable {
        /// One line per problem (stderr), secrets removed.
        public var errors: [String] = []
        /// Some alert was refused for good, dropped, or a sink could not be written (exit 1).
        public var failed = false
        /// Messages left in the outbox for a later pass (held ones included).
        public var queued = 0
        /// Webhook messages answered 2xx in this pass.
        public var delivered = 0
        /// Webhook requests made.
        public var requestCount = 0
        /// The write-ahead save failed, so nothing was sent (the caller must not report the save again).
        public var stateUnwritten = false

        public init() {}
    }
}
