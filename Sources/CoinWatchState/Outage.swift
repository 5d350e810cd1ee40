import CoinWatchSupport
/// A provider that has been failing since some pass (SPEC §6), kept in the state's `outages`
/// section so that passes report it at its edges: when it starts, at most hourly while it lasts,
/// and when it recovers.
package struct Outage: Codable, Sendable, Equatable, StateRecord {
    /// The first failing pass, seconds since 1970.
    package var since: Double
    /// The last pass that printed a line about it, seconds since 1970.
    package var reported: Double
    /// The latest failure, as printed, scrubbed of every secret (a provider may echo its API key).
    package var error: ScrubbedText

    package init(since: Double, reported: Double, error: ScrubbedText) {
        self.since = since
        self.reported = reported
        self.error = error
    }

    package static let fields = StateFields<Outage>(blank: Outage(since: 0, reported: 0, error: .empty), [
        .required("since", \.since, .number),
        .required("reported", \.reported, .number),
        .required("error", \.error, .scrubbed),
    ])
}
