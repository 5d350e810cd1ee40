import CoinWatchMarket
extension Quote {
    /// This quote followed by `later`, a later price of the same coin traded before the next evaluation
    /// (a trade burst, or prices a `stream_throttle` held back): `later`'s figures, with a span from the
    /// lowest to the highest price of both, their own spans included, so the wick rule (SPEC §2) sees
    /// every price traded since the previous evaluation.
    func followed(by later: Quote) -> Quote {
        var merged = later
        let low = Swift.min(price, later.price, span?.low ?? price, later.span?.low ?? later.price)
        let high = Swift.max(price, later.price, span?.high ?? price, later.span?.high ?? later.price)
        merged.span = PriceSpan(low: low, high: high)
        return merged
    }
}
