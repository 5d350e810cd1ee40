extension String {
    /// `lowercased()`, returned as is (no new string) when the text is ASCII with no upper-case
    /// letter, as coin ids and favorites are: the key lookups that ignore case run per rule.
    package var lowercasedKey: String {
        var text = self
        let unchanged = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) } }
        return unchanged ? self : lowercased()
    }
}
