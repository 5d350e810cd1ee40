/// Finds the item a favorite names (SPEC §2): exact id, then symbol, then name, all case-insensitive;
/// when several items share the symbol or name, the best (lowest) market-cap rank wins.
struct FavoriteMatcher<Item> {
    private var byID: [String: Item] = [:]
    private var bySymbol: [String: (item: Item, rank: Int?)] = [:]
    private var byName: [String: (item: Item, rank: Int?)] = [:]

    /// Indexes `items`; the first item wins a duplicate id, and an item without a rank loses every tie.
    init(_ items: [Item], id: (Item) -> String, symbol: (Item) -> String, name: (Item) -> String,
         rank: (Item) -> Int?) {
        for item in items {
            let itemRank = rank(item)
            let idKey = lookupKey(id(item))
            if !idKey.isEmpty, byID[idKey] == nil { byID[idKey] = item }
            Self.keepBest(item, itemRank, under: lookupKey(symbol(item)), in: &bySymbol)
            Self.keepBest(item, itemRank, under: lookupKey(name(item)), in: &byName)
        }
    }

    /// The item `favorite` names, or nil when none does.
    func match(_ favorite: String) -> Item? {
        match(favorite, symbol: nil)
    }

    /// The item `favorite` names, trying `symbol` (learned from another provider) right after the id.
    func match(_ favorite: String, symbol: String?) -> Item? {
        let wanted = lookupKey(favorite)
        if let item = byID[wanted] { return item }
        if let symbol, let item = bySymbol[lookupKey(symbol)]?.item { return item }
        return bySymbol[wanted]?.item ?? byName[wanted]?.item
    }


    /// Favorite → quote for every favorite of `query` that an item answers (the favorite itself, else
    /// the id remembered for it) and that `quote` can price.
    func quotes(for query: QuoteQuery, _ quote: (Item) -> Quote?) -> [String: Quote] {
        var quotes: [String: Quote] = [:]
        for favorite in query.favorites {
            let item = match(favorite) ?? query.resolved[favorite].flatMap { match($0) }
            if let priced = item.flatMap(quote) { quotes[favorite] = priced }
        }
        return quotes
    }

    private static func keepBest(_ item: Item, _ rank: Int?, under key: String,
                                 in index: inout [String: (item: Item, rank: Int?)]) {
        guard !key.isEmpty else { return }
        guard let held = index[key] else {
            index[key] = (item, rank)
            return
        }
        if let rank, rank < (held.rank ?? Int.max) { index[key] = (item, rank) }
    }
}

/// The form favorites, ids, symbols and names are compared in: trimmed and lower-cased.
func lookupKey(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
          let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return text[first...last].lowercased()
}
