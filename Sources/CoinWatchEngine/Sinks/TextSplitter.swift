/// Splits a text into parts that each fit a `TextLimit`, at line breaks where it can and never
/// inside a grapheme cluster (only one longer than the whole limit is cut).
package enum TextSplitter {
    /// The parts of `text`, in order; a text that fits is returned whole. Line breaks at a cut are dropped.
    package static func split(_ text: String, limit: TextLimit) -> [String] {
        guard limit.count > 0 else { return [text] }
        var parts: [String] = []
        var current: [Character] = []
        var size = 0
        /// Index in `current` just after its last line break.
        var afterBreak: Int?

        func flush(upTo end: Int) {
            var piece = current[..<end]
            while piece.last?.isNewline == true { piece = piece.dropLast() }
            if !piece.isEmpty { parts.append(String(piece)) }
            current.removeFirst(end)
            size = current.reduce(0) { $0 + limit.size(of: $1) }
            afterBreak = nil
        }

        for character in text {
            let width = limit.size(of: character)
            while size + width > limit.count, !current.isEmpty {
                flush(upTo: afterBreak ?? current.count)
            }
            if width > limit.count {
                parts += splitScalars(of: character, limit: limit)
                continue
            }
            current.append(character)
            size += width
            if character.isNewline { afterBreak = current.count }
        }
        flush(upTo: current.count)
        return parts.isEmpty ? [text] : parts
    }

    /// One alert's line (or a piece of a line longer than the limit) in a packed part.
    package struct Item: Sendable, Equatable {
        /// Which line of the input it comes from.
        package var index: Int
        package var text: String
        /// Whether it is the last piece of its line (where a format puts the line's link).
        package var ends = true
    }

    /// `lines` packed in order into parts of at most `maxItems` items that fit `limit`, a longer line split as `split`
    /// does; `extra[i]` units (a link's markup) follow line `i`'s last piece.
    package static func pack(_ lines: [String], limit: TextLimit, maxItems: Int = .max, extra: [Int] = []) -> [[Item]] {
        var parts: [[Item]] = []
        var current: [Item] = []
        var size = 0
        for (index, line) in lines.enumerated() {
            let added = index < extra.count ? extra[index] : 0
            var itemLimit = limit.item
            itemLimit.count = max(1, itemLimit.count - added)
            let pieces = split(line, limit: itemLimit)
            for (number, piece) in pieces.enumerated() {
                let ends = number == pieces.count - 1
                let width = piece.reduce(0) { $0 + limit.size(of: $1) } + (ends ? added : 0)
                if !current.isEmpty, size + limit.breakSize + width > limit.count || current.count >= max(1, maxItems) {
                    parts.append(current)
                    current = []
                    size = 0
                }
                size += current.isEmpty ? width : width + limit.breakSize
                current.append(Item(index: index, text: piece, ends: ends))
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// A character longer than the limit (a pathological cluster of combining marks), cut between code points.
    private static func splitScalars(of character: Character, limit: TextLimit) -> [String] {
        var parts: [String] = []
        var piece = String.UnicodeScalarView()
        var size = 0
        for scalar in character.unicodeScalars {
            let width = limit.size(of: scalar)
            if size + width > limit.count, !piece.isEmpty {
                parts.append(String(piece))
                piece = String.UnicodeScalarView()
                size = 0
            }
            piece.append(scalar)
            size += width
        }
        if !piece.isEmpty { parts.append(String(piece)) }
        return parts
    }
}
