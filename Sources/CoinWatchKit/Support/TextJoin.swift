/// Joins short strings into one string with a single allocation (alert messages are built per alert).
enum TextJoin {
    /// `parts` one after another, as `parts.joined()` would give them.
    static func joined(_ parts: [String]) -> String {
        var count = 0
        for part in parts { count += part.utf8.count }
        return String(unsafeUninitializedCapacity: count) { out in
            var at = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    // `count` is the sum of the parts' lengths, so every part fits.
                    at += UnsafeMutableBufferPointer(rebasing: out[at...]).initialize(fromContentsOf: bytes)
                }
            }
            return at
        }
    }
}
