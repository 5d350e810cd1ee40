extension JSONTokenizer {
    /// Walks the object at the cursor: `body` gets each member's key range with the cursor on its
    /// value and must consume that value (`skipValue` for members it does not want), or return
    /// false to give up. False when the object is not well-formed or `body` gave up.
    mutating func members(_ body: (inout JSONTokenizer, Range<Int>) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard let (key, _) = stringRange(), take(UInt8(ascii: ":")), body(&self, key) else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// Walks the array at the cursor: `body` must consume each element. False when malformed.
    mutating func elements(_ body: (inout JSONTokenizer) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        while true {
            guard body(&self) else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]"))
        }
    }

    /// A number written as a JSON number or as a string holding one (`"0.33993000"`); nil otherwise
    /// (the value is consumed either way when it is well-formed).
    mutating func lenientNumber() -> Double? {
        if next() == UInt8(ascii: "\"") {
            guard let text = plainString(), let value = Double(text), value.isFinite else { return nil }
            return value
        }
        if takeNull() { return nil }
        return number()
    }

    /// Whether the key range spells `word` (ASCII).
    func key(_ range: Range<Int>, is word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        var offset = 0
        for index in range {
            if bytes[index] != pointer[offset] { return false }
            offset += 1
        }
        return true
    }
}
