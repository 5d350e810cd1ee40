/// A chat service's length limit and how it counts (SPEC §3: a longer text is split).
///
/// Limits are counted in UTF-16 code units (Telegram's count, and never less than the number of
/// characters or code points any other service counts) or in UTF-8 bytes (ntfy, Teams), so a part
/// that fits here fits the service.
public struct TextLimit: Sendable, Equatable {
    /// What one unit of the limit is.
    public enum Unit: Sendable, Equatable {
        case utf16
        case utf8
    }

    /// The most units one message may hold.
    public var count: Int
    public var unit: Unit
    /// `&`, `<`, `>` become `&amp;`, `&lt;`, `&gt;` (Slack's markup, Telegram's HTML); the limit counts the escaped text.
    public var slackEscaped: Bool
    /// The most units one alert's line may hold inside a message (Slack's 3,000 per section text); a
    /// longer line goes on in the next item. nil: the message's `count`.
    public var perItem: Int?

    public init(_ count: Int, _ unit: Unit, slackEscaped: Bool = false, perItem: Int? = nil) {
        self.count = count
        self.unit = unit
        self.slackEscaped = slackEscaped
        self.perItem = perItem
    }

    /// The limit one item (one alert's line, or a piece of it) is split at.
    public var item: TextLimit {
        guard let perItem, perItem < count else { return self }
        return TextLimit(perItem, unit, slackEscaped: slackEscaped)
    }

    /// Pushover's limit on a message's title (its message is `of(.pushover)`).
    public static let pushoverTitle = TextLimit(250, .utf16)

    /// The units `character` takes in a message.
    public func size(of character: Character) -> Int {
        if slackEscaped, let escaped = SlackText.escapes[character] { return escaped.utf8.count }
        return unit == .utf16 ? character.utf16.count : character.utf8.count
    }

    /// The units a single code point takes (used only to split a character longer than the limit).
    public func size(of scalar: Unicode.Scalar) -> Int {
        unit == .utf16 ? UTF16.width(scalar) : UTF8.width(scalar)
    }

    /// The most alerts one message of `format` lists: Discord's 10 embeds, Slack's 50 blocks (one
    /// section each), Teams' TextBlocks kept to 50 so the card stays under its 28 KB; no cap for the others.
    public static func maxItems(_ format: WebhookConfig.Format) -> Int {
        switch format {
        case .discord: return 10
        case .slack, .teams: return 50
        default: return .max
        }
    }

    /// The limit of each format; nil for `json`, which is never split.
    public static func of(_ format: WebhookConfig.Format) -> TextLimit? {
        switch format {
        case .slack: return TextLimit(40_000, .utf16, slackEscaped: true, perItem: 3000)
        case .discord: return TextLimit(2000, .utf16)
        case .telegram: return TextLimit(4096, .utf16, slackEscaped: true)
        case .ntfy: return TextLimit(4096, .utf8)
        case .teams: return TextLimit(12_000, .utf8)
        case .pushover: return TextLimit(1024, .utf16)
        case .gotify: return TextLimit(16_000, .utf8)
        case .matrix: return TextLimit(32_000, .utf8)
        case .json: return nil
        }
    }
}

/// Slack's text escaping: `&`, `<` and `>` are markup (`<!channel>` would ping everyone).
public enum SlackText {
    /// The three characters Slack wants escaped, and their escapes.
    public static let escapes: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;"]

    /// `text` with `&`, `<`, `>` escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if let escaped = escapes[character] { out += escaped } else { out.append(character) }
        }
        return out
    }
}
