/// Escaping for chat markup that has no backslash escape (mrkdwn-style `*bold*` text): a zero-width
/// space (U+200B) after every styling character, so none can open or close bold, italic, strike or code and a
/// provider's `~Scam~ *Coin*` shows as typed (the space is invisible; `&`, `<`, `>` are `HTMLText`'s).
package enum UnstyledText {
    /// The characters that open and close styling: `*bold*`, `_italic_`, `~strike~`, `` `code` ``.
    static let markup: Set<Character> = ["*", "_", "~", "`"]
    /// What follows each of them: a character of its own (a zero-width joiner would join the one before).
    static let breaker: Character = "\u{200B}"

    /// `text` with a zero-width space after every styling character.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            out.append(character)
            if markup.contains(character) { out.append(breaker) }
        }
        return out
    }
}
