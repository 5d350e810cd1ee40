/// An `email` sink: mail over SMTP through libcurl (SPEC §3). `url`, `username` and `password`
/// may hold secrets: never print them unredacted.
public struct EmailConfig: Sendable, Equatable {
    /// `smtps://host:465` (implicit TLS) or `smtp://host:587` (STARTTLS required).
    public var url: String
    /// The sender address (`alerts@example.org`, or `coinwatch <alerts@example.org>`).
    public var from: String
    /// The recipients' addresses.
    public var to: [String]
    public var username: String?
    public var password: String?
    public var caFile: String?
    /// Seconds per message; default 10.
    public var timeout: Double = 10
    public var group: Bool = false
    public var quietHours: QuietHours?
    /// `chart`: each alert carries an image of its coin's price over this range, inline (SPEC §12); nil: none.
    public var chart: ChartRange?

    public init(url: String, from: String, to: [String]) {
        self.url = url
        self.from = from
        self.to = to
    }
}
