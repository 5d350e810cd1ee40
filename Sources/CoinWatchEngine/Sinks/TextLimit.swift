import CoinWatchSupport
import CoinWatchRules
/// A chat service's length limit and how it counts (SPEC §3: a longer text is split).
///
/// Limits are counted in UTF-16 code units (Telegram's count, and never less than the number of
/// characters or code points any other service counts), in UTF-8 bytes (ntfy, Gotify), or in bytes
/// of the JSON-escaped text (Matrix's event and Teams' card are limits on the JSON sent, where `"`
/// takes 2 bytes and a control character 6), so a part that fits here fits the service.
package struct TextLimit: Sendable, Equatable {
    /// What one unit of the limit is.
    package enum Unit: Sendable, Equatable {
        case utf16
        case utf8
        /// UTF-8 bytes of the text as a JSON string literal holds it (`JSONOut.escapedSize`).
        case jsonEscaped
    }

    /// The most units one message may hold.
    package var count: Int
    package var unit: Unit
    /// `&`, `<`, `>` become `&amp;`, `&lt;`, `&gt;` (Slack's markup, Telegram's HTML); the limit counts the escaped text.
    package var slackEscaped: Bool
    /// Discord's markup characters take a backslash each (`DiscordText`; every `:` is counted as
    /// escaped); the limit counts the escaped text.
    package var markdownEscaped = false
    /// The most units one alert's line may hold inside a message (Slack's 3,000 per section text); a
    /// longer line goes on in the next item. nil: the message's `count`.
    package var perItem: Int?
    /// The units a line break takes, inside a line or between two (1; Teams: a new TextBlock's JSON).
    package var breakSize: Int

    package init(_ count: Int, _ unit: Unit, slackEscaped: Bool = false, perItem: Int? = nil, breakSize: Int = 1) {
        self.count = count
        self.unit = unit
        self.slackEscaped = slackEscaped
        self.perItem = perItem
        self.breakSize = breakSize
    }

    /// The limit one item (one alert's line, or a piece of it) is split at.
    package var item: TextLimit {
        guard let perItem, perItem < count else { return self }
        var limit = TextLimit(perItem, unit, slackEscaped: slackEscaped, breakSize: breakSize)
        limit.markdownEscaped = markdownEscaped
        return limit
    }

    /// Pushover's limit on a message's title (its message is `of(.pushover)`).
    package static let pushoverTitle = TextLimit(250, .utf16)

    /// The units `character` takes in a message.
    package func size(of character: Character) -> Int {
        if slackEscaped, let escaped = SlackText.escapes[character] { return escaped.utf8.count }
        if markdownEscaped, DiscordText.markup.contains(character) || character == ":" { return 2 }  // `:` at most 2
        if breakSize > 1, character.isNewline { return breakSize }
        switch unit {
        case .utf16: return character.utf16.count
        case .utf8: return character.utf8.count
        case .jsonEscaped: return character.unicodeScalars.reduce(0) { $0 + JSONOut.escapedSize(of: $1) }
        }
    }

    /// The units a single code point takes (used only to split a character longer than the limit).
    package func size(of scalar: Unicode.Scalar) -> Int {
        switch unit {
        case .utf16: return UTF16.width(scalar)
        case .utf8: return UTF8.width(scalar)
        case .jsonEscaped: return JSONOut.escapedSize(of: scalar)
        }
    }

    /// The most alerts one message of `format` lists: Discord's 10 embeds, Slack's 50 blocks (one
    /// section each), Teams' TextBlocks kept to 50 (with its text budget, the card stays under its
    /// 28 KB); no cap for the others.
    package static func maxItems(_ format: WebhookConfig.Format) -> Int {
        switch format {
        case .discord: return 10
        case .slack, .teams: return 50
        default: return .max
        }
    }

    /// The limit of each format; nil for `json`, which is never split.
    package static func of(_ format: WebhookConfig.Format) -> TextLimit? {
        switch format {
        case .slack: return TextLimit(40_000, .utf16, slackEscaped: true, perItem: 3000)
        case .discord:
            var limit = TextLimit(2000, .utf16)
            limit.markdownEscaped = true
            return limit
        case .telegram: return TextLimit(4096, .utf16, slackEscaped: true)
        case .ntfy: return TextLimit(4096, .utf8)
        // 20,000 escaped bytes, each line break (a TextBlock of its own) counted as a block's ~90 bytes
        // of JSON: with the title block and the envelope, a card stays under 21 KB of Teams' 28 KB.
        case .teams: return TextLimit(20_000, .jsonEscaped, breakSize: 100)
        case .pushover: return TextLimit(1024, .utf16)
        case .gotify: return TextLimit(16_000, .utf8)
        // Matrix's event is at most 65,536 bytes of JSON, envelope (sender, room, ids, signatures) included.
        case .matrix: return TextLimit(60_000, .jsonEscaped)
        case .json: return nil
        }
    }
}

/// Slack's text escaping: `&`, `<` and `>` are markup (`<!channel>` would ping everyone).
package enum SlackText {
    /// The three characters Slack wants escaped, and their escapes.
    package static let escapes: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;"]

    /// `text` with `&`, `<`, `>` escaped.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if let escaped = escapes[character] { out += escaped } else { out.append(character) }
        }
        return out
    }
}
