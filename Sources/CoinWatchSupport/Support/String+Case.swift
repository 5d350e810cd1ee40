extension String {
    /// `lowercased()`, but no new string when already lower-case ASCII, as ids are (key lookups run per rule).
    package var lowercasedKey: String {
        var text = self
        let unchanged = text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) } }
        return unchanged ? self : lowercased()
    }
}
