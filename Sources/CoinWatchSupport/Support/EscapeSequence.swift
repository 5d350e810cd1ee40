/// Where a terminal escape sequence (ECMA-48) that starts at some scalar ends, so `TerminalText`
/// drops it whole: of `ESC ] 52;c;… BEL` nothing is left to show, not even `]52;c;…`.
enum EscapeSequence {
    /// The index just past the sequence starting at `start`, or nil when no sequence starts there.
    /// A string sequence (OSC, DCS, SOS, PM, APC) without its terminator runs to the end of the text.
    static func end(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        switch scalars[start].value {
        case 0x1B:
            guard start + 1 < scalars.count else { return start + 1 }
            let next = scalars[start + 1].value
            switch next {
            case 0x5B: return controlEnd(scalars, from: start + 2)                        // ESC [  CSI
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return stringEnd(scalars, from: start + 2) // ESC ] P X ^ _
            case 0x20...0x2F:                                                                // ESC, intermediates, final
                var index = start + 1
                while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
                if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
                return index
            case 0x30...0x7E: return start + 2                                               // ESC 7, ESC c …
            default: return start + 1
            }
        case 0x9B: return controlEnd(scalars, from: start + 1)                              // C1 CSI
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return stringEnd(scalars, from: start + 1)       // C1 DCS SOS OSC PM APC
        default: return nil
        }
    }

    /// Past a control sequence's parameters (0x30–0x3F), intermediates (0x20–0x2F) and final byte
    /// (0x40–0x7E); a scalar that is none of these ends it without being taken.
    private static func controlEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
        return index
    }

    /// Past a control string's terminator: BEL, ST (`ESC \` or 0x9C); the end of the text when none comes.
    private static func stringEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            // ESC \ is ST; any other ESC ends the string and starts a sequence of its own.
            case 0x1B: return index + 1 < scalars.count && scalars[index + 1].value == 0x5C ? index + 2 : index
            default: index += 1
            }
        }
        return index
    }
}
