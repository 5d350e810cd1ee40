/// The prices of one favorite that a feed's `stream_throttle` held back since its last evaluation.
/// Coalescing keeps the lowest and highest of them as well as the latest, so a crossing or a range
/// event that happened and reverted inside the window is still seen: `observations` gives them
/// back in the order they traded (at most three per window, whatever the number of messages).
struct CoalescedPrices {
    private var low: (quote: Quote, order: Int)?
    private var high: (quote: Quote, order: Int)?
    private var latest: (quote: Quote, order: Int)?
    private var count = 0

    /// Holds `quote`, the favorite's price now.
    mutating func add(_ quote: Quote) {
        count += 1
        if low.map({ quote.price < $0.quote.price }) ?? true { low = (quote, count) }
        if high.map({ quote.price > $0.quote.price }) ?? true { high = (quote, count) }
        latest = (quote, count)
    }

    /// Whether nothing is held.
    var isEmpty: Bool { latest == nil }

    /// The lowest, the highest and the latest price, each once, in trading order (the latest last).
    var observations: [Quote] {
        guard let latest else { return [] }
        var picked: [(quote: Quote, order: Int)] = []
        for extreme in [low, high].compactMap({ $0 }) where extreme.order != latest.order
            && !picked.contains(where: { $0.order == extreme.order }) {
            picked.append(extreme)
        }
        picked.sort { $0.order < $1.order }
        return picked.map(\.quote) + [latest.quote]
    }
}
