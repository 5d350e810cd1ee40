import FoundationEssentials
import CoinWatchMarket

/// `coinwatch-bench --history DIR`: the history store's figures for `make bench` (issue 15):
/// one year of hourly candles for 100 coins written in one batch per coin (size on disk, the
/// Binance requests such a fill takes), then 90 days of 1-minute candles (129,600) for one coin
/// read back `repeats` times. Prints one JSON line.
enum HistoryBench {
    static func run(folder: String, repeats: Int) throws {
        let path = folder + "/bench-history.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try HistoryStore(path: path)
        let hour: Int64 = 3_600_000
        let start: Int64 = 1_700_000_000_000 / hour * hour
        let binance = Binance(config: ProviderConfig(name: .binance))
        let requests = binance.historyRequests(market: "BTCUSDT", vs: "usdt", timeframe: .h1, from: start,
                                               to: start + 8760 * hour, now: start + 8760 * hour).count
        let fillSeconds = try Samples.wall {
            for coin in 0..<100 {
                let key = SeriesKey(provider: "binance", coin: "COIN\(coin)USDT", currency: "usdt", timeframe: .h1)
                try store.save(key, closed: candles(count: 8760, start: start, width: hour, seed: coin),
                               complete: [(start, start + 8760 * hour)])
            }
        } / 1000
        let filled = HistoryStore.fileBytes(path)
        let minute: Int64 = 60_000
        let key = SeriesKey(provider: "binance", coin: "BTCUSDT", currency: "usdt", timeframe: .m1)
        try store.save(key, closed: candles(count: 129_600, start: start, width: minute, seed: 7), complete: [])
        var times = Samples()
        var count = 0
        for _ in 0..<repeats {
            times.append(try Samples.wall { count = try store.candles(key, from: start, to: start + 129_600 * minute).count })
        }
        print("{\"history_fill_coins\":100,\"history_fill_candles_per_coin\":8760,\"history_fill_binance_requests_per_coin\":\(requests),"
              + "\"history_fill_seconds\":\(fillSeconds),\"history_store_bytes\":\(filled),"
              + "\"history_read_candles\":\(count),\"history_read_median_ms\":\(times.median),\"history_read_min_ms\":\(times.min)}")
    }

    /// `count` candles of `width` ms from `start`, a random walk.
    private static func candles(count: Int, start: Int64, width: Int64, seed: Int) -> [Candle] {
        var price = 100.0 + Double(seed)
        var random = BenchRandom(seed: seed)
        return (0..<count).map { index in
            let open = price
            price *= 1 + (random.uniform() - 0.5) * 0.02
            return Candle(openTime: start + Int64(index) * width, open: open, high: max(open, price) * 1.001,
                          low: min(open, price) * 0.999, close: price, volume: Double(random.state % 10_000) / 7)
        }
    }
}
