/// Markdown escaping: a backslash before every character chat markdown reads as markup, and before the `:` of a `://`,
/// so a provider's `[Claim airdrop](https://evil.example)` shows as literal text.
package enum MarkdownText {
    /// The characters always escaped; `:` is escaped before `//` only.
    static let markup: Set<Character> = ["\\", "*", "_", "~", "`", "|", "[", "]", "(", ")", "<", ">", "#", "-", "@"]

    /// `text` with every markup character escaped.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            if markup.contains(character) || character == ":" && rest.hasPrefix("//") { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
