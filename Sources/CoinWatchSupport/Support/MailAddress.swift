/// Mail addresses as rules.json writes them: `me@example.org` or `Name <me@example.org>`.
package enum MailAddress {
    /// What the address itself may not hold besides control characters (below U+0020, and U+007F).
    static let forbidden = " <>,"

    /// `bare`'s test as a regular expression (rules.schema.json): `a@b`, or any name then `<a@b>`.
    package static var pattern: String {
        let controls = "\\u0000-\\u001f\\u007f"
        let address = "[^\(controls)@\(forbidden)]+@[^\(controls)@\(forbidden)]+"
        return "^(?:\(address)|[^\(controls)]*<\(address)>)$"
    }

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
              !address.contains(where: forbidden.contains) else { return nil }
        return String(address)
    }
}
