/// rules.json `heartbeat` (SPEC §11): a URL that gets a request after every pass that exited 0,
/// and `<url>/fail` after one that did not (healthchecks.io's convention).
package struct HeartbeatConfig: Sendable, Equatable {
    /// The ping URL (usually `${HC_URL}`: it holds a secret).
    package var url: String
    /// Seconds to wait for the ping.
    package var timeout: Double = 10

    package init(url: String) { self.url = url }
}
