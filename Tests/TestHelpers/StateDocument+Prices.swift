import CoinWatchMarket
import CoinWatchState

extension StateDocument {
    /// Records `price` for `coin` in `vs` at `time`, starting a series when there is none.
    mutating func recordPrice(coin: String, vs: String, price: Double, at time: Double) {
        let key = StateDocument.priceKey(coin: coin, vs: vs)
        if prices[key] == nil {
            prices[key] = PriceSeries(price: price, at: time)
        } else {
            prices[key]?.record(price: price, at: time)
        }
    }
}
