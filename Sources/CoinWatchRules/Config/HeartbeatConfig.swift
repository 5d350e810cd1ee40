/// rules.json `heartbeat` (SPEC §11): a URL that gets a request after every pass that exited 0,
/// and `<url>/fail` after one that did not (healthchecks.io's convention).
package struct HeartbeatConfig: Sendable, Equatable {
    /// The ping URL (usually `${HC_URL}`: it holds a secret); empty when `unavailable`.
    package var url: String
    /// Seconds to wait for the ping.
    package var timeout: Double = 10
    /// Why the heartbeat cannot be pinged in this pass (its `${…}` is unset, empty or unreadable, SPEC §2): the
    /// ping fails, which never fails the pass (SPEC §11).
    package var unavailable: String?

    package init(url: String) { self.url = url }

    /// A heartbeat whose fields could not be expanded, for `reason` (it names the variable or file, never a value).
    package init(unavailable reason: String) {
        url = ""
        unavailable = reason
    }
}
