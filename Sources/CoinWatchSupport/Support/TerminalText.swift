/// Text from outside (provider names, symbols, error bodies) made safe for a terminal, a log or a chat (SPEC §3):
/// it can no longer start a new line, move the cursor, change colors or reverse the display order.
package enum TerminalText {
    /// `text` on one line: line and paragraph breaks and tabs become a space, escape sequences (CSI, OSC, DCS/SOS/PM/APC
    /// to their terminator, two-character escapes, their C1 forms) are dropped whole so none of their text shows, and
    /// every other C0 or C1 control, DEL and the bidi embeddings, overrides, isolates and marks (U+202E …) are removed.
    package static func clean(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { isBreak($0) || isUnsafe($0) }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let end = EscapeSequence.end(in: scalars, at: index) {
                index = end
                continue
            }
            if isBreak(scalar) {
                out.append(" ")
            } else if !isUnsafe(scalar) {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// Whether the scalar breaks a line or moves to the next tab stop.
    static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether the scalar is a control character or a bidirectional formatting character.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
