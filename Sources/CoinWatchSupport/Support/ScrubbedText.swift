/// Text that has been through a scrubber (`TextScrubber`, in coinwatch the one `SecretScrubber`):
/// the only kind of text an outage record, an outbox message's last error, an undelivered record
/// or a refused sink's report may hold (SPEC §3: secrets never reach state, logs or the terminal,
/// not even when a server echoes them back). It can only be made by handing the raw text to a
/// scrubber, so the compiler refuses raw provider or sink error text in those places.
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
