/// The forms a rule's `coin` takes beside a favorite and `"*"` (SPEC §2): a ratio `"A/B"` of two
/// favorites (A priced in B) and `"portfolio"`, the holdings' total.
package enum RuleCoin {
    /// The coin of a rule on the holdings' total.
    package static let portfolio = "portfolio"

    /// What a reserved word means as a rule's coin (`"*"`: every favorite, `"portfolio"` in any case: the
    /// holdings' total), so it names no coin; nil for any other text.
    package static func reservedMeaning(_ text: String) -> String? {
        if text == "*" { return "every favorite" }
        // ASCII case folding, byte by byte: `lowercased()` would allocate for every 9-byte favorite (`coin-0001`).
        let isPortfolio = text.utf8.elementsEqual(portfolio.utf8) { $0 | 0x20 == $1 }
        return isPortfolio ? "the holdings' total" : nil
    }

    /// Whether `coin` names one coin (a favorite, a market): not the portfolio, a ratio or `"*"`.
    package static func isOneCoin(_ coin: String) -> Bool {
        coin != portfolio && coin != "*" && ratioParts(coin) == nil
    }

    /// The favorites `coin` names, as it writes them: itself, or both coins of a ratio; none for `"*"`
    /// and the portfolio. `isFavorite` tells a favorite whose own name holds a slash from a ratio.
    package static func named(_ coin: String, isFavorite: (String) -> Bool) -> [String] {
        if coin == "*" || coin == portfolio { return [] }
        if let parts = ratioParts(coin), !isFavorite(coin) { return [parts.base, parts.quote] }
        return [coin]
    }

    /// The two favorites of a ratio `"ethereum/bitcoin"`; nil when `coin` is not one `A/B` with both parts non-empty.
    package static func ratioParts(_ coin: String) -> (base: String, quote: String)? {
        let utf8 = coin.utf8
        // Most coins hold no slash: said from the contiguous bytes, without walking the view.
        guard utf8.withContiguousStorageIfAvailable({ $0.contains(UInt8(ascii: "/")) }) ?? true else { return nil }
        guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let base = String(coin[..<slash])
        let quote = String(coin[utf8.index(after: slash)...])
        guard !base.isEmpty, !quote.isEmpty, !quote.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return (base, quote)
    }
}
