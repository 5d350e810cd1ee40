/// Discord's markdown escaping: every character its markdown reads as markup gets a backslash
/// before it, so a provider's name such as `[Claim airdrop](https://evil.example)`, `**x**` or
/// `||x||` shows as the literal text (no link, styling, spoiler, heading, list or quote); `:` is
/// escaped too, which keeps `https://…` from becoming a link. Discord shows `\*` as `*`.
public enum DiscordText {
    /// The characters escaped.
    static let markup: Set<Character> = ["\\", "*", "_", "~", "`", "|", "[", "]", "(", ")", "<", ">", "#", "-", ":", "@"]

    /// `text` with every markup character escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if markup.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
