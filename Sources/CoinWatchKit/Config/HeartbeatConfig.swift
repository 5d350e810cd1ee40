/// rules.json `heartbeat` (SPEC §11): a URL that gets a request after every pass that exited 0,
/// and `<url>/fail` after one that did not (healthchecks.io's convention).
public struct HeartbeatConfig: Sendable, Equatable {
    /// The ping URL (usually `${HC_URL}`: it holds a secret).
    public var url: String
    /// Seconds to wait for the ping.
    public var timeout: Double = 10

    public init(url: String) { self.url = url }
}
