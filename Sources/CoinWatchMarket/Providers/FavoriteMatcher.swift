/// Finds the item a favorite names (SPEC §2): exact id, then symbol, then name, all case-insensitive;
/// when several items share the symbol or name, the best (lowest) market-cap rank wins.
struct FavoriteMatcher<Item> {
    // The indexes hold positions in `items`, not copies of the items: a provider's item is a large
    // struct, and three dictionaries of 5000 copies were most of a pass's peak memory.
    private let items: [Item]
    private var byID: [String: Int] = [:]
    private var bySymbol: [String: (index: Int, rank: Int?)] = [:]
    private var byName: [String: (index: Int, rank: Int?)] = [:]

    /// Indexes `items`; the first item wins a duplicate id, and an item without a rank loses every tie.
    init(_ items: [Item], id: (Item) -> String, symbol: (Item) -> String, name: (Item) -> String,
         rank: (Item) -> Int?) {
        self.items = items
        byID.reserveCapacity(items.count)
        bySymbol.reserveCapacity(items.count)
        byName.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let itemRank = rank(item)
            let idKey = lookupKey(id(item))
            if !idKey.isEmpty, byID[idKey] == nil { byID[idKey] = index }
            Self.keepBest(index, itemRank, under: lookupKey(symbol(item)), in: &bySymbol)
            Self.keepBest(index, itemRank, under: lookupKey(name(item)), in: &byName)
        }
    }

    /// The item `favorite` names, or nil when none does.
    func match(_ favorite: String) -> Item? {
        match(favorite, symbol: nil)
    }

    /// The item `favorite` names, trying `symbol` (learned from another provider) right after the id.
    func match(_ favorite: String, symbol: String?) -> Item? {
        position(of: favorite, symbol: symbol).map { items[$0] }
    }

    /// The position in the items of what `favorite` names (see `match(_:symbol:)`), or nil.
    private func position(of favorite: String, symbol: String?) -> Int? {
        let wanted = lookupKey(favorite)
        if let index = byID[wanted] { return index }
        if let symbol, let index = bySymbol[lookupKey(symbol)]?.index { return index }
        return bySymbol[wanted]?.index ?? byName[wanted]?.index
    }

    private static func keepBest(_ index: Int, _ rank: Int?, under key: String,
                                 in table: inout [String: (index: Int, rank: Int?)]) {
        guard !key.isEmpty else { return }
        guard let held = table[key] else {
            table[key] = (index, rank)
            return
        }
        if let rank, rank < (held.rank ?? Int.max) { table[key] = (index, rank) }
    }
}

/// The form favorites, ids, symbols and names are compared in: trimmed and lower-cased.
package func lookupKey(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
          let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return text[first...last].lowercased()
}

extension FavoriteMatcher {
    /// Favorite → quote for every favorite of `query` that an item of `items` answers (the favorite itself,
    /// else the id remembered for it) and that `quote` can price; the symbol and name indexes (most of the
    /// memory at 5000 favorites) are built only when some favorite is not an item's id.
    static func quotes(for query: QuoteQuery, in items: [Item], id: (Item) -> String, symbol: (Item) -> String,
                       name: (Item) -> String, rank: (Item) -> Int?, _ quote: (Item) -> Quote?) -> [String: Quote] {
        var byID: [String: Int] = [:]
        byID.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let key = lookupKey(id(item))
            if !key.isEmpty, byID[key] == nil { byID[key] = index }
        }
        var quotes: [String: Quote] = [:]
        quotes.reserveCapacity(query.favorites.count)
        var others: [String] = []
        for favorite in query.favorites {
            guard let index = byID[lookupKey(favorite)] else {
                others.append(favorite)
                continue
            }
            if let priced = quote(items[index]) { quotes[favorite] = priced }
        }
        guard !others.isEmpty else { return quotes }
        let full = FavoriteMatcher(items, id: id, symbol: symbol, name: name, rank: rank)
        for favorite in others {
            let index = full.position(of: favorite, symbol: nil)
                ?? query.resolved[favorite].flatMap { full.position(of: $0, symbol: nil) }
            if let index, let priced = quote(items[index]) { quotes[favorite] = priced }
        }
        return quotes
    }
}
