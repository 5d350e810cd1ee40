extension FavoriteMatcher {
    /// `FavoriteMatcher(items, …).quotes(for: query, quote)`, with the symbol and name indexes built
    /// only when some favorite is not an item's id: a favorite found by id is found by id first
    /// either way, so the result is the same, and a watchlist of ids (CoinGecko's usual case) never
    /// holds those two indexes (most of the matcher's memory at 5000 favorites).
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
        var rest = query
        rest.favorites = others
        let full = FavoriteMatcher(items, id: id, symbol: symbol, name: name, rank: rank)
        quotes.merge(full.quotes(for: rest, quote)) { first, _ in first }
        return quotes
    }
}
