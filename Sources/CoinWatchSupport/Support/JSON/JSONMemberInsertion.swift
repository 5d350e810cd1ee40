/// Byte-level insertion of a new member into a JSON object document: the member goes after the last
/// of some members (else first), separated the way the document separates its members, so every
/// other byte — hand alignment included — stays as it was.
package enum JSONMemberInsertion {
    /// `bytes` with `"key": value` (`value` one JSON text) inserted after the last top-level member
    /// whose key is in `after`, else before the first; nil when `bytes` is not a well-formed object
    /// or already has `key`.
    package static func inserting(key: String, value: String, after: Set<String>, into bytes: [UInt8]) -> [UInt8]? {
        var members: [(key: String, start: Int, end: Int)] = []
        var open = 0
        var close = 0
        let wellFormed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var tokens = JSONTokenizer(buffer)
            tokens.skipSpace()
            open = tokens.index
            let walked = tokens.members { tokens, keyRange in
                let name = String(decoding: UnsafeBufferPointer(rebasing: tokens.bytes[keyRange]), as: UTF8.self)
                guard tokens.skipValue() else { return false }
                members.append((name, keyRange.lowerBound - 1, tokens.index))
                return true
            }
            close = tokens.index - 1
            return walked && tokens.atEnd()
        }
        guard wellFormed, !members.contains(where: { $0.key == key }) else { return nil }
        let text = Array((JSONOut.quote(key) + ": " + value).utf8)
        guard !members.isEmpty else {
            var out = bytes
            out.replaceSubrange(open + 1..<close, with: text)
            return out
        }
        /// The bytes between member `index` and the next (`,\n  `).
        func separator(after index: Int) -> [UInt8] { Array(bytes[members[index].end..<members[index + 1].start]) }
        let between = members.count >= 2 ? separator(after: 0) : Array(", ".utf8)
        var out = bytes
        if let at = members.lastIndex(where: { after.contains($0.key) }) {
            let gap = at + 1 < members.count ? separator(after: at) : (at > 0 ? separator(after: at - 1) : between)
            out.insert(contentsOf: gap + text, at: members[at].end)
        } else {
            out.insert(contentsOf: text + between, at: members[0].start)
        }
        return out
    }
}
