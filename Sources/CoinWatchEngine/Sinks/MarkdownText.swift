/// Markdown escaping: every character chat markdown reads as markup gets a backslash
/// before it, so a provider's name such as `[Claim airdrop](https://evil.example)`, `**x**` or
/// `||x||` shows as the literal text (no link, styling, spoiler, heading, list or quote); the `:`
/// of a `://` is escaped too, which keeps `https://…` from becoming a link (a time's `12:00` is
/// left as it is). The services show `\*` as `*`.
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
