/// Mail addresses as rules.json writes them: `me@example.org` or `Name <me@example.org>`.
package enum MailAddress {
    /// The address alone (`me@example.org`), or nil when `text` is not one: no line breaks or control
    /// characters, one `@` with text on both sides, no spaces or angle brackets in the address.
    package static func bare(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var address = Substring(text)
        if let open = text.lastIndex(of: "<") {
            guard text.hasSuffix(">") else { return nil }
            address = text[text.index(after: open)..<text.index(before: text.endIndex)]
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !address.contains(where: { $0 == " " || $0 == "<" || $0 == ">" || $0 == "," }) else { return nil }
        return String(address)
    }
}
