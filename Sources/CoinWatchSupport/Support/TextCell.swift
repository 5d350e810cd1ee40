/// Fixed-width text for terminal tables, measured in columns (wide East Asian characters and emoji take two).
package enum TextCell {
    /// Columns `text` takes on a terminal: the one measure every column-aligning command uses.
    package static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cleaned (`TerminalText.clean`) and cut to at most `columns` columns, ending in `…` when cut.
    package static func fit(_ text: String, _ columns: Int) -> String {
        let text = TerminalText.clean(text)
        guard width(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` padded with spaces on the right to `columns` columns; a longer text is kept whole.
    package static func pad(_ text: String, _ columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// `text` fitted to `columns` and padded with spaces on the right.
    package static func left(_ text: String, _ columns: Int) -> String {
        pad(fit(text, columns), columns)
    }

    /// `text` fitted to `columns` and padded with spaces on the left.
    package static func right(_ text: String, _ columns: Int) -> String {
        let fitted = fit(text, columns)
        return String(repeating: " ", count: max(0, columns - width(fitted))) + fitted
    }

    /// A character (grapheme cluster) takes its first scalar's columns: the marks, variation selectors
    /// and joined emoji after it (ZWJ sequences) add none.
    private static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x300 { return scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0  // a combining mark, U+FE0F, ZWJ on their own
        default: break
        }
        return scalar.properties.isEmojiPresentation || wide.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// The East_Asian_Width W and F code points that are not emoji (those are `isEmojiPresentation`):
    /// Unicode 15.1 EastAsianWidth.txt (UAX #11), ranges merged over unassigned code points, whose default is W
    /// in these blocks.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x3FFFD,
    ]
}
