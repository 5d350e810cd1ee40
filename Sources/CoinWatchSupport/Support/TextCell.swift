/// Fixed-width text for terminal tables, measured in columns (wide East Asian characters and emoji take two).
package enum TextCell {
    /// Columns `text` takes on a terminal.
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

    /// `text` fitted to `columns` and padded with spaces on the right.
    package static func left(_ text: String, _ columns: Int) -> String {
        let fitted = fit(text, columns)
        return fitted + String(repeating: " ", count: max(0, columns - width(fitted)))
    }

    /// `text` fitted to `columns` and padded with spaces on the left.
    package static func right(_ text: String, _ columns: Int) -> String {
        let fitted = fit(text, columns)
        return String(repeating: " ", count: max(0, columns - width(fitted))) + fitted
    }

    private static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v) || (0x1F900...0x1F9FF).contains(v)
            || (0x20000...0x3FFFD).contains(v)
    }
}
