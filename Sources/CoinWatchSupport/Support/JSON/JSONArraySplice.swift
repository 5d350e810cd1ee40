/// Byte-level edits of one array member of a JSON object document (`favorites`, `rules`): only
/// the elements added or removed change, so every other byte — hand alignment, odd spacing, key
/// order, numbers as written — stays as it was.
package struct JSONArraySplice {
    /// Offset of the array's `[`, of its `]`, and the byte range of each element.
    let open: Int
    let close: Int
    let elements: [Range<Int>]

    /// The layout of the array that is the value of top-level member `key`; nil when the document
    /// is not an object, has no such member, or its value is not an array.
    package init?(key: String, in bytes: [UInt8]) {
        let wanted = Array(key.utf8)
        var found: (open: Int, close: Int, elements: [Range<Int>])?
        let wellFormed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var tokens = JSONTokenizer(buffer)
            return tokens.members { tokens, keyRange in
                guard found == nil, tokens.bytes(in: keyRange, equal: wanted),
                      tokens.next() == UInt8(ascii: "[") else { return tokens.skipValue() }
                let open = tokens.index
                var elements: [Range<Int>] = []
                let walked = tokens.elements { tokens in
                    tokens.skipSpace()
                    let start = tokens.index
                    guard tokens.skipValue() else { return false }
                    elements.append(start..<tokens.index)
                    return true
                }
                guard walked else { return false }
                found = (open, tokens.index - 1, elements)
                return true
            }
        }
        guard wellFormed, let found else { return nil }
        (open, close, elements) = found
    }

    /// `bytes` with `text` (one JSON value) appended as the array's last element, separated the
    /// way the last two elements are (else `, `, or a new line at the last element's indent).
    package func appending(_ text: String, to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        guard let last = elements.last else {
            out.replaceSubrange(open + 1..<close, with: Array(text.utf8))
            return out
        }
        let separator: [UInt8]
        if elements.count >= 2 {
            separator = Array(bytes[elements[elements.count - 2].upperBound..<last.lowerBound])
        } else if let newline = bytes[open..<last.lowerBound].lastIndex(of: 0x0A) {
            separator = [UInt8(ascii: ",")] + bytes[newline..<last.lowerBound]
        } else {
            separator = Array(", ".utf8)
        }
        out.insert(contentsOf: separator + Array(text.utf8), at: last.upperBound)
        return out
    }

    /// `bytes` without the elements at `indexes`, each with the separator before it (after it, for
    /// those before the first element kept); `[]` when none is left.
    package func removing(_ indexes: Set<Int>, from bytes: [UInt8]) -> [UInt8] {
        guard let firstKept = elements.indices.first(where: { !indexes.contains($0) }) else {
            var out = bytes
            out.replaceSubrange(open + 1..<close, with: [])
            return out
        }
        var cuts: [Range<Int>] = []
        if firstKept > 0 { cuts.append(elements[0].lowerBound..<elements[firstKept].lowerBound) }
        for index in indexes.sorted() where index > firstKept && index < elements.count {
            cuts.append(elements[index - 1].upperBound..<elements[index].upperBound)
        }
        var out = bytes
        for cut in cuts.reversed() { out.removeSubrange(cut) }
        return out
    }
}
