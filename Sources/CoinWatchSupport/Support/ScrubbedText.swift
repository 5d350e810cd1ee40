/// Text that has been through a `TextScrubber` (the one `SecretScrubber`): the only text an outage record, an
/// outbox message's last error, an undelivered record or a refused sink's report may hold (SPEC §3), so the
/// compiler keeps raw provider or sink error text (which may echo a secret) out of them.
public struct ScrubbedText: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The text, secrets already replaced by `***`.
    public let text: String

    /// `raw` with every secret `scrubber` knows masked.
    package init(_ raw: String, scrubbedBy scrubber: some TextScrubber) {
        text = scrubber.masked(raw)
    }

    private init(stored: String) { text = stored }

    /// No text (nothing to scrub): a record's placeholder before its fields are read.
    package static let empty = ScrubbedText(stored: "")

    /// Text read back from the state file, which only ever holds text scrubbed before it was written.
    @usableFromInline static func restored(_ stored: String) -> ScrubbedText { ScrubbedText(stored: stored) }

    public var description: String { text }

    public init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
