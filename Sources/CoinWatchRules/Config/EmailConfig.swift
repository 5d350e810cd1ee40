import CoinWatchMarket
/// An `email` sink: mail over SMTP through libcurl (SPEC §3). `url`, `username` and `password`
/// may hold secrets: never print them unredacted.
package struct EmailConfig: Sendable, Equatable {
    /// `smtps://host:465` (implicit TLS) or `smtp://host:587` (STARTTLS required unless `tls` is false).
    package var url: String
    /// The sender address (`alerts@example.org`, or `coinwatch <alerts@example.org>`).
    package var from: String
    /// The recipients' addresses.
    package var to: [String]
    package var username: String?
    package var password: String?
    package var caFile: String?
    /// false for `"tls": "none"`: plain SMTP without STARTTLS, to a loopback host and without a password only.
    package var tls = true
    /// Seconds per message; default 10.
    package var timeout: Double = 10
    package var group: Bool = false
    package var quietHours: QuietHours?
    /// `chart`: each alert carries an image of its coin's price over this range, inline (SPEC §12); nil: none.
    package var chart: ChartRange?
}
