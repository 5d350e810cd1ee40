import CoinWatchSupport
/// A chat service's length limit and how it counts (SPEC §3: a longer text is split): in UTF-16 code units (never fewer
/// than the characters any service counts), UTF-8 bytes, or bytes of the JSON-escaped text (a limit on the JSON sent).
package struct TextLimit: Sendable, Equatable {
    package enum Unit: Sendable, Equatable {
        case utf16
        case utf8
        /// UTF-8 bytes of the text as a JSON string literal holds it (`JSONOut.escapedSize`).
        case jsonEscaped
    }

    /// The most units one message may hold.
    package var count: Int
    package var unit: Unit
    /// `&`, `<`, `>` become `&amp;`, `&lt;`, `&gt;` (HTML-style markup); the limit counts the escaped text.
    package var htmlEscaped: Bool
    /// Markdown's markup characters take a backslash each (`MarkdownText`; every `:` is counted as
    /// escaped); the limit counts the escaped text.
    package var markdownEscaped: Bool
    /// The service counts the text its HTML shows (entities parsed): markup's tags take nothing and `&amp;`, `&lt;`, `&gt;`,
    /// `&quot;` one character each; the text itself is counted unescaped.
    package var htmlShown: Bool
    /// Styling characters take a zero-width space after each (`UnstyledText`); the limit counts the escaped text.
    package var styleEscaped: Bool
    /// The most units one alert's line may hold inside a message (a section's own limit); a
    /// longer line goes on in the next item. nil: the message's `count`.
    package var perItem: Int?
    /// The units a line break takes, inside a line or between two (1, or the JSON of a new block where each line is one).
    package var breakSize: Int

    package init(_ count: Int, _ unit: Unit, htmlEscaped: Bool = false, htmlShown: Bool = false, markdownEscaped: Bool = false,
                 styleEscaped: Bool = false, perItem: Int? = nil, breakSize: Int = 1) {
        self.count = count
        self.unit = unit
        self.htmlEscaped = htmlEscaped
        self.htmlShown = htmlShown
        self.markdownEscaped = markdownEscaped
        self.styleEscaped = styleEscaped
        self.perItem = perItem
        self.breakSize = breakSize
    }

    /// The limit one item (one alert's line, or a piece of it) is split at.
    package var item: TextLimit {
        guard let perItem, perItem < count else { return self }
        var item = self
        item.count = perItem
        item.perItem = nil
        return item
    }

    /// The units `character` takes in a message.
    package func size(of character: Character) -> Int {
        if htmlEscaped, let escaped = HTMLText.escapes[character] { return escaped.utf8.count }
        if markdownEscaped, MarkdownText.markup.contains(character) || character == ":" { return 2 }  // `:` at most 2
        if styleEscaped, UnstyledText.markup.contains(character) {
            return size(ofMarkup: String(character)) + size(ofMarkup: String(UnstyledText.breaker))
        }
        if breakSize > 1, character.isNewline { return breakSize }
        return character.unicodeScalars.reduce(0) { $0 + size(of: $1) }
    }

    /// The units `markup` takes as a format writes it, unescaped (a link after a line, a caption in HTML); where the
    /// service counts what its HTML shows, only that.
    package func size(ofMarkup markup: String) -> Int {
        (htmlShown ? HTMLText.shown(markup) : markup).unicodeScalars.reduce(0) { $0 + size(of: $1) }
    }

    /// The longest start of `text` within the limit, of whole characters.
    package func prefix(of text: String) -> String {
        var size = 0
        return String(text.prefix { character in
            size += self.size(of: character)
            return size <= count
        })
    }

    /// The units a single code point takes.
    package func size(of scalar: Unicode.Scalar) -> Int {
        switch unit {
        case .utf16: return UTF16.width(scalar)
        case .utf8: return UTF8.width(scalar)
        case .jsonEscaped: return JSONOut.escapedSize(of: scalar)
        }
    }
}

/// HTML-style escaping of `&`, `<` and `>`, the markup of several chat services (`<!channel>`
/// would ping everyone, `<a href>` would link).
package enum HTMLText {
    package static let escapes: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;"]

    /// `text` as an HTML attribute's value in double quotes: `&`, `<`, `>` and `"` escaped.
    package static func attribute(_ text: String) -> String {
        String(escape(text).flatMap { $0 == "\"" ? "&quot;" : String($0) })
    }

    /// What `html` shows: its tags left out, `&amp;`, `&lt;`, `&gt;` and `&quot;` read as their characters.
    package static func shown(_ html: String) -> String {
        let entities: [(String, Character)] = escapes.map { ($0.value, $0.key) } + [("&quot;", "\"")]
        var out = ""
        var rest = Substring(html)
        while let first = rest.first {
            if first == "<", let end = rest.firstIndex(of: ">") {
                rest = rest[end...].dropFirst()
            } else if let (entity, character) = entities.first(where: { rest.hasPrefix($0.0) }) {
                out.append(character)
                rest = rest.dropFirst(entity.count)
            } else {
                out.append(first)
                rest = rest.dropFirst()
            }
        }
        return out
    }

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
