@testable import CoinWatchTransport
import CoinWatchSupport
@testable import CoinWatchMarket
import Foundation
import Testing
@testable import TestHelpers

/// The history store (SPEC §7): only what is missing is fetched, closed candles only are stored,
/// a corrupt or locked store never fails the command.
struct HistoryStoreTests {
    static let binance = HistoryCaptures.binance
    /// The ETHUSDT 1h capture: 240 candles from 2021-11-08 18:00 to 2021-11-18 17:00 UTC, saved at ≈17:14.
    static let klines = try! HistoryCaptures.capture("binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json")
    static let captured: Int64 = 1_637_255_640_000
    static let key = SeriesKey(provider: "binance", coin: "ETHUSDT", currency: "usdt", timeframe: .h1)

    /// A loader whose provider answers every request with `body`, counting the requests.
    final class Counter: @unchecked Sendable {
        var urls: [String] = []
        let body: [UInt8]
        init(_ body: [UInt8]) { self.body = body }
        func answer(_ request: HTTPRequest) -> Result<[UInt8], ProviderError> {
            urls.append(request.url)
            return .success(body)
        }
    }

    @Test func candlesSavedInOneBatchReadBackExactly() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let candles = try Self.binance.decodeHistory(Self.klines, timeframe: .h1)
        try store.save(Self.key, closed: candles, complete: [(candles[0].openTime, candles[239].openTime + 3_600_000)])
        #expect(try store.candles(Self.key, from: .min, to: .max) == candles)
        #expect(try store.candles(Self.key, from: candles[10].openTime, to: candles[20].openTime) == Array(candles[10..<20]))
        #expect(try store.complete(Self.key).missing(candles[0].openTime, candles[239].openTime).isEmpty)
        let reopened = try HistoryStore(path: dir.path + "/h.sqlite")
        #expect(try reopened.candles(Self.key, from: .min, to: .max).count == 240)
        #expect(try reopened.check() == "ok")
    }

    @Test func theFormingCandleIsShownButNeverStored() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let counter = Counter(Self.klines)
        let loader = HistoryLoader(source: Self.binance, store: store)
        let loaded = try loader.load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured, fetch: counter.answer).get()
        let stored = try store.candles(Self.key, from: .min, to: .max)
        #expect(stored.last?.openTime == 1_637_251_200_000, "16:00 is the newest closed candle at 17:14")
        #expect(loaded.points.last?.time == Self.captured, "the forming 17:00 candle is drawn at now")
        #expect(loaded.points.count == 168 + 1 || loaded.points.count == 168)
    }

    @Test func aSecondLoadOfTheSameRangeAsksOnlyForWhatIsNew() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let counter = Counter(Self.klines)
        let loader = HistoryLoader(source: Self.binance, store: store)
        let first = try loader.load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured, fetch: counter.answer).get()
        #expect(first.requests == 1 && first.fromNetwork > 0)
        let again = try loader.load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured + 600_000, fetch: counter.answer).get()
        #expect(again.requests == 0, "ten minutes later only the forming candle is new: no request")
        #expect(again.fromStore == 167)
        let later = try loader.load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured + 2 * 3_600_000, fetch: counter.answer).get()
        #expect(later.requests == 1)
        let asked = try #require(counter.urls.last.flatMap { URLParts($0).query })
        #expect(asked.contains("startTime=1637254800000"), "from the first candle not known complete (17:00), not the whole week: \(asked)")
    }

    /// A request skipped while the provider's 429 backoff lasts was never sent: it is not counted.
    @Test func aRequestSkippedInABackoffIsNotCounted() {
        let filled = HistoryLoader(source: Self.binance, store: nil).fill(Self.key, market: "ETHUSDT", vs: "usdt",
                                                                          from: Self.captured - 86_400_000, now: Self.captured) { _ in
            .failure(.backingOff(provider: "binance", until: 1_637_259_000))
        }
        #expect(filled.requests == 0 && filled.error != nil, "\(filled.requests)")
    }

    /// Binance's history serving 1h only, so a 90-day chart (4h) is built from 1h candles.
    struct HourlyOnly: HistorySource {
        let base = HistoryStoreTests.binance
        var name: String { base.name }
        var servesPoints: Bool { false }
        var servedTimeframes: [Timeframe] { [.h1] }
        func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64, now: Int64) -> [HTTPRequest] {
            base.historyRequests(market: market, vs: vs, timeframe: timeframe, from: from, to: to, now: now)
        }
        func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] { try base.decodeHistory(body, timeframe: timeframe) }
        var earliest: Int64 { base.earliest }
        func historyMarket(for quote: Quote) -> String { base.historyMarket(for: quote) }
        func planHint(for message: String) -> String? { nil }
        var candleSource: any HistorySource { self }
        var servesVolume: Bool { true }
        var settleMilliseconds: Int64 { 0 }
        func servedSpan(_ timeframe: Timeframe) -> Int64? { nil }
    }

    @Test func aBuiltChartCountsTheFetchedCandlesFromTheStoreAndTheNetwork() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let loader = HistoryLoader(source: HourlyOnly(), store: store)
        let first = try loader.load(market: "ETHUSDT", vs: "usdt", range: .d90, now: Self.captured, fetch: Counter(Self.klines).answer).get()
        #expect(first.key.timeframe == .h1 && first.candles.count < 100, "4h candles built from 1h: \(first.candles.count)")
        #expect(first.fromStore == 0 && first.fromNetwork == 240, "\(first.fromStore) + \(first.fromNetwork)")
        let again = try loader.load(market: "ETHUSDT", vs: "usdt", range: .d90, now: Self.captured + 600_000, fetch: Counter(Self.klines).answer).get()
        #expect(again.requests == 0 && again.fromStore == 239 && again.fromNetwork == 0,
                "ten minutes later every closed hour comes from the store: \(again.fromStore) + \(again.fromNetwork)")
    }

    /// SPEC §7: the chart is of the range. 90 days on CoinGecko are 4h candles built from its hourly points; the
    /// first began at the 4h boundary before the range and, a point being drawn at its open, stood up to 4h
    /// before it. Now the chart starts at its first whole 4h candle.
    @Test func aBuiltChartDrawsNoPointBeforeItsRange() throws {
        let now: Int64 = 1_700_000_000_000
        let hour: Int64 = 3_600_000
        let start = now - 90 * 86_400_000
        // Hourly points at half past the hour, 100 days back: more than the range, off the 4h grid.
        let first: Int64 = now / hour * hour - 2_400 * hour + hour / 2
        let rows: [String] = stride(from: first, through: now, by: Int(hour)).map { (time: Int64) -> String in
            "[\(time),\(100 + time / hour % 50)]"
        }
        let body = #"{"prices":["# + rows.joined(separator: ",") + #"]}"#
        let loaded = try HistoryLoader(source: HistoryCaptures.gecko, store: nil)
            .load(market: "bitcoin", vs: "usd", range: .d90, now: now, fetch: Counter(Array(body.utf8)).answer).get()
        #expect(loaded.points.count == 540, "\(loaded.points.count)")
        #expect(loaded.points.allSatisfy { $0.time >= start && $0.time <= now },
                "the first point at \(loaded.points.first?.time ?? 0), the range from \(start)")
        #expect(loaded.points.first?.time == Timeframe.h4.floor(start) + 4 * hour, "the first whole 4h candle")
    }

    /// A chart that ends before now (`backtest --to`) draws nothing after its end: the candle forming now,
    /// which the provider sends with the rest, once slipped in as the chart's last candle.
    @Test func aChartEndingBeforeNowLeavesOutTheCandleFormingNow() throws {
        let until = Self.captured - 3 * 3_600_000
        let loaded = try HistoryLoader(source: Self.binance, store: nil)
            .load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured, until: until, fetch: Counter(Self.klines).answer).get()
        #expect(loaded.candles.allSatisfy { $0.openTime <= until }, "the last candle opens at \(loaded.candles.last?.openTime ?? 0), the chart ends at \(until)")
        #expect(loaded.candles.last?.openTime == Timeframe.h1.floor(until) && !loaded.endsForming)
    }

    @Test func aBatchIsStoredWholeOrNotAtAll() throws {
        let dir = try TempDir()
        let path = dir.path + "/h.sqlite"
        let store = try HistoryStore(path: path)
        let key = SeriesKey(provider: "binance", coin: "X", currency: "usdt", timeframe: .m1)
        let start: Int64 = 1_600_000_000_000 / 60_000 * 60_000
        let minutes = (0..<3000).map { Candle(openTime: start + Int64($0) * 60_000, open: 1, high: 1, low: 1, close: 1, volume: 1) }
        // A write that fails at the batch's last chunk, as a kill there would stop it.
        let last = CandleChunk.start(of: minutes[2999].openTime, .m1)
        try SQLiteConnection(path: path, busyTimeout: 1).execute(
            "CREATE TRIGGER fail BEFORE INSERT ON chunks WHEN NEW.start = \(last) BEGIN SELECT RAISE(ABORT, 'injected'); END")
        #expect(throws: SQLiteError.self) { try store.save(key, closed: minutes, complete: [(start, start + 3000 * 60_000)]) }
        #expect(try store.candles(key, from: .min, to: .max).isEmpty, "the chunks written before the failure are rolled back")
        #expect(try store.complete(key).spans.isEmpty)
    }

    @Test func aStoreThatIsNotSQLiteIsMovedAsideAndRebuiltWithOneWarning() throws {
        let dir = try TempDir()
        let path = try dir.write("history.sqlite", String(repeating: "garbage, not a database\n", count: 400))
        var warnings: [String] = []
        let store = try #require(HistoryStore.open(path: path, now: 1_700_000_000) { warnings.append($0) })
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("moved it to \(path).corrupt-20231114T221320Z") == true, "\(warnings)")
        #expect(try store.check() == "ok")
        try store.save(Self.key, closed: [Candle(openTime: 1_600_000_000_000, open: 1, high: 2, low: 1, close: 2, volume: 1)], complete: [])
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt-20231114T221320Z"))
    }

    @Test func aStoreLockedPastTheTimeoutStillDrawsTheChartWithAWarning() throws {
        let dir = try TempDir()
        let path = dir.path + "/h.sqlite"
        let holder = try SQLiteConnection(path: path, busyTimeout: 0)
        _ = try HistoryStore(path: path)
        try holder.execute("BEGIN IMMEDIATE")
        let store = try HistoryStore(path: path, busyTimeout: 0.05)
        let loaded = try HistoryLoader(source: Self.binance, store: store)
            .load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured, fetch: Counter(Self.klines).answer).get()
        #expect(loaded.points.count >= 168)
        #expect(loaded.warning?.contains("locked by another coinwatch") == true, "\(loaded.warning ?? "")")
        try holder.execute("ROLLBACK")
    }

    @Test func anEmptyHistoryIsAMessageAndStoresNothing() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let result = HistoryLoader(source: Self.binance, store: store)
            .load(market: "ETHUSDT", vs: "usdt", range: .d1, now: Self.captured, fetch: Counter(Array("[]".utf8)).answer)
        #expect(throws: OneLineError("binance answered no history for ETHUSDT in usdt (1d)")) {
            try result.get()
        }
        #expect(try store.seriesCount() == 0)
    }

    @Test func aBadAnswerStoresNothingAndSaysWhatIsWrong() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let truncated = Array(Self.klines.prefix(Self.klines.count - 40))
        let result = HistoryLoader(source: Self.binance, store: store)
            .load(market: "ETHUSDT", vs: "usdt", range: .d7, now: Self.captured, fetch: Counter(truncated).answer)
        #expect(throws: OneLineError("binance: unexpected response: [239][10]: not valid JSON (the body ends early: truncated)")) { try result.get() }
        #expect(try store.candles(Self.key, from: .min, to: .max).isEmpty)
    }

    @Test func oldFineCandlesAreRolledUpIntoWholeCoarseOnes() throws {
        let dir = try TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let key = SeriesKey(provider: "binance", coin: "X", currency: "usdt", timeframe: .m1)
        let start: Int64 = 1_600_000_000_000 / 86_400_000 * 86_400_000
        let minutes = (0..<(10 * 1440)).map { i in
            Candle(openTime: start + Int64(i) * 60_000, open: 1, high: 1 + Double(i % 7), low: 0.5, close: 1, volume: 1)
        }
        try store.save(key, closed: minutes, complete: [(start, start + 10 * 86_400_000)])
        let now = start + 10 * 86_400_000
        try store.rollUp(now: now)
        let kept = try store.candles(key, from: .min, to: .max)
        #expect(kept.count < minutes.count && kept.count >= 7 * 1440, "1m candles are kept 7 days")
        var hourly = key
        hourly.timeframe = .h1
        let rolled = try store.candles(hourly, from: .min, to: .max)
        #expect(!rolled.isEmpty && rolled.allSatisfy { $0.volume == 60 && $0.high == 7 }, "whole hours only")
        #expect(try store.complete(hourly).missing(start, rolled.last!.openTime + 3_600_000).isEmpty)
    }

    @Test func spansMergeAndTheMissingPartsAreWhatNoSpanCovers() {
        var spans = Intervals([(10, 20), (30, 40)])
        spans.insert(20, 30)
        #expect(spans == Intervals([(10, 40)]))
        #expect(spans.missing(0, 50).map { [$0.start, $0.end] } == [[0, 10], [40, 50]])
        spans.trim(before: 15)
        #expect(spans == Intervals([(15, 40)]))
    }
}
