import CoinWatchTransport
/// A chat format of a `webhook` sink (SPEC §3): all that rules.json, `check`, `init`, the schema and the
/// docs know of it; its body and sending are its `DeliveryFormat` conformance in CoinWatchEngine.
package protocol SinkFormat: Sendable {
    /// Its `format` value in rules.json, lower case.
    static var name: String { get }
    /// The fields besides `url` a sink of this format must have, each with what it is (for the
    /// error when it is missing: `a NAME webhook needs KEY: WHAT`).
    static var requiredFields: [(key: String, what: String)] { get }
    /// The url of a sink that gives none; nil: `url` is required.
    static var defaultURL: String? { get }
    /// Whether its messages can carry a chart image (SPEC §12).
    static var carriesChart: Bool { get }
    /// Whether a message can show buttons under it (those of a chat under `control`, SPEC §13).
    static var showsButtons: Bool { get }
    /// What `check` calls it when a `chart` is asked of a format without images: `NAME carries`.
    static var imagelessSubject: String { get }
    /// A complete `sinks` entry that `check` accepts, as docs/delivery.md shows it ("One example per sink").
    static var example: String { get }
    /// Values of `requiredFields` that `init --sink` can learn from the service at `url` (the sink's
    /// URL), by key; none by default.
    static func starterFields(url: String, transport: any HTTPTransport) -> [String: String]
}

extension SinkFormat {
    package static var requiredFields: [(key: String, what: String)] { [] }
    package static var defaultURL: String? { nil }
    package static var carriesChart: Bool { false }
    package static var showsButtons: Bool { false }
    package static var imagelessSubject: String { "\(name) carries" }
    package static func starterFields(url: String, transport: any HTTPTransport) -> [String: String] { [:] }
}

extension WebhookConfig {
    /// The sink's URL without trailing `/`s, to append an endpoint's path to.
    package var root: String { Self.root(of: url) }

    /// `url` without trailing `/`s.
    package static func root(of url: String) -> String {
        var root = url
        while root.hasSuffix("/") { root.removeLast() }
        return root
    }

    /// A webhook's `format`: one of `SinkFormats.all`, compared by name.
    package struct Format: Sendable, Equatable, CustomStringConvertible {
        /// The format's type, which knows everything about it.
        package let type: any SinkFormat.Type

        package init(_ type: any SinkFormat.Type) { self.type = type }

        /// The registered format of this name (exact, lower case); nil when none is.
        package init?(rawValue: String) {
            guard let type = SinkFormats.all.first(where: { $0.name == rawValue }) else { return nil }
            self.type = type
        }

        /// Its name in rules.json.
        package var rawValue: String { type.name }
        package var description: String { type.name }

        /// Every registered format, in `SinkFormats.all`'s order.
        package static var allCases: [Format] { SinkFormats.all.map(Format.init) }

        /// The keys of `type.requiredFields`.
        package var requiredFields: [String] { type.requiredFields.map(\.key) }
        /// Whether its messages can carry a chart image (SPEC §12).
        package var carriesChart: Bool { type.carriesChart }

        package static func == (lhs: Format, rhs: Format) -> Bool { lhs.type.name == rhs.type.name }
    }
}
