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
        let wanted = lookupKey(favorite)
        guard let index = byID[wanted] ?? bySymbol[wanted]?.index ?? byName[wanted]?.index else { return nil }
        return items[index]
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
func lookupKey(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
          let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return text[first...last].lowercased()
}
