import CoinWatchMarket
extension Quote {
    /// `later`'s figures with a span over every price of both, so the wick rule (SPEC §2) sees each price traded since
    /// the previous evaluation.
    func followed(by later: Quote) -> Quote {
        var merged = later
        let low = Swift.min(price, later.price, span?.low ?? price, later.span?.low ?? later.price)
        let high = Swift.max(price, later.price, span?.high ?? price, later.span?.high ?? later.price)
        merged.span = PriceSpan(low: low, high: high)
        return merged
    }
}
