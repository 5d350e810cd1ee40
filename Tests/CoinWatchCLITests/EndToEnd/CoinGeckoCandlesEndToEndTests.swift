@testable import CoinWatchMarket
import Foundation
import Testing
@testable import TestHelpers

/// Indicator rules on a coin CoinGecko quotes, through the built binary against a loopback
/// CoinGecko that serves the real `/coins/markets` capture and the real 30-day 4h `ohlc` capture
/// (180 candles in MYR, stamped at their END), replayed at the present: every stamp is moved by
/// the same whole number of 4-hour periods, so the newest row is the candle still forming 35
/// minutes ago (CoinGecko's settle time) and the row before it the last closed one.
@Suite(.serialized) struct CoinGeckoCandlesEndToEndTests {
    static let capture = "real/history/coingecko-ohlc_bitcoin_vs-myr_days-30_4h-candles_2021-05-15.json"

    /// The capture with its end stamps moved so that row 178 ends at the 4h boundary before `now` − 35 min.
    static func replayedOHLC(now: Double) throws -> String {
        let four: Int64 = 14_400_000
        let settled = Int64(now * 1000) - 35 * 60_000
        return try ReplayedHistory.moved(capture, fields: [0]) { rows in settled / four * four - (try ReplayedHistory.time(rows, 178)) }
    }

    let dir: TempDir
    let api: ReplayServer

    init() throws {
        dir = try TempDir()
        let ohlc = try Self.replayedOHLC(now: Date().timeIntervalSince1970)
        api = try ReplayServer([
            "/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json") },
            "/coins/bitcoin/ohlc": { _ in Reply.json(ohlc) },
        ])
    }

    private func write(_ rules: String) throws -> String {
        try dir.write("rules.json", ProviderRules.make([("coingecko", api.baseURL)], vs: "myr", favorites: ["bitcoin"], rules: rules))
    }

    private func pass(_ rules: String) throws -> Binary.Run {
        let path = try write(rules)
        return try Binary.run(["--once", "--json", "--rules", path, "--state", dir.path + "/state.json"],
                              environment: ["COINWATCH_CACHE": dir.path + "/cache"])
    }

    private func check(_ rules: String, json: Bool = false) throws -> Binary.Run {
        let path = try write(rules)
        return try Binary.run(["check"] + (json ? ["--json"] : []) + ["--rules", path, "--state", dir.path + "/state.json"])
    }

    private static func golden(_ name: String, at index: Int) throws -> Double {
        let series = try #require(IndicatorGolden.golden.first { $0.provider == "coingecko-ohlc" })
        return try #require(series.values[name]?[index] ?? nil)
    }

    private static func records(_ run: Binary.Run) -> [String: [String: Any]] { ReplayedHistory.byRule(run.stdout) }

    @Test func aCoinGeckoCoinsIndicatorRulesFireOnItsOHLCCandlesWithTALibsValues() throws {
        let run = try pass("""
            {"id": "rsi", "coin": "bitcoin", "when": {"rsi_above": {"value": 1, "tf": "4h"}}},
            {"id": "ma", "coin": "bitcoin", "when": {"price_below_ma": {"period": 50, "tf": "4h"}}}
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let byRule = Self.records(run)
        // Row 179 is still forming: the values are those over rows 0…178.
        let rsi = try #require((byRule["rsi"]?["value"] as? NSNumber)?.doubleValue, "\(run.stdout)\n\(run.stderr)")
        #expect(abs(rsi - (try Self.golden("rsi14", at: 178))) <= 1e-9 * 100)
        let sma = try #require((byRule["ma"]?["value"] as? NSNumber)?.doubleValue)
        #expect(abs(sma - (try Self.golden("sma50", at: 178))) / sma <= 1e-9)
        let asked = api.requests("/coins/bitcoin/ohlc")
        #expect(asked.count == 1, "one series, one request")
        #expect(asked.first?.queryItem("days") == "30", "the 250 candles wanted reach past 30 days: the most ohlc gives")
        #expect(asked.first?.queryItem("vs_currency") == "myr")
    }

    @Test func aSecondPassWithinTheSameCandleAsksCoinGeckoForNothing() throws {
        let rules = #"{"id": "rsi", "coin": "bitcoin", "when": {"rsi_crosses_above": {"value": 99, "tf": "4h"}}}"#
        #expect(try pass(rules).status == 0)
        #expect(try pass(rules).status == 0)
        #expect(api.requests("/coins/bitcoin/ohlc").count == 1, "what ohlc serves is stored; what it does not is not asked again")
    }

    @Test func dailyCandlesAreBuiltFromTheFourHourOnesWithoutThePartialFirstDay() throws {
        // Rows 0…178 as candles, built into days the way the store holds them: the day the capture
        // starts inside of is dropped, so the SMA(20) is over the 20 whole days before today, and
        // an SMA over one day more than the whole days is still warming up.
        let body = Array(try Self.replayedOHLC(now: Date().timeIntervalSince1970).utf8)
        let rows = try HistoryCaptures.gecko.decodeOHLC(body, timeframe: .h4)
        let now = Int64(Date().timeIntervalSince1970 * 1000) - 35 * 60_000
        var days = CandleAggregator.aggregate(Array(rows.prefix(179)), to: .d1, now: Timeframe.d1.floor(now)).closed
        if let first = rows.first, Timeframe.d1.floor(first.openTime) != first.openTime { days.removeFirst() }
        let run = try pass("""
            {"id": "day", "coin": "bitcoin", "when": {"price_below_ma": {"period": 20, "tf": "1d"}}},
            {"id": "all-days", "coin": "bitcoin", "when": {"price_below_ma": {"period": \(days.count + 1), "tf": "1d"}}}
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let want = days.suffix(20).map(\.close).reduce(0, +) / 20
        let records = Self.records(run)
        let sma = try #require((records["day"]?["value"] as? NSNumber)?.doubleValue, "\(run.stdout)\n\(run.stderr)")
        #expect(abs(sma - want) / want <= 1e-9, "SMA(20, 1d) \(sma), want \(want)")
        #expect(records["all-days"] == nil, "\(days.count) whole days: a partial first day is not a candle")
    }

    @Test func aFourHourAndADailyRuleOnOneCoinShareOneOHLCRequestInTheFirstPass() throws {
        // 1d candles are built from the 4h series: the pass fills it once, from the earliest candle either timeframe lacks.
        let run = try pass("""
            {"id": "rsi", "coin": "bitcoin", "when": {"rsi_above": {"value": 1, "tf": "4h"}}},
            {"id": "day", "coin": "bitcoin", "when": {"price_below_ma": {"period": 20, "tf": "1d"}}}
            """)
        #expect(run.status == 0, "\(run.stderr)")
        let records = Self.records(run)
        #expect(records["rsi"]?["value"] != nil, "\(run.stdout)\n\(run.stderr)")
        #expect(records["day"]?["value"] != nil, "\(run.stdout)\n\(run.stderr)")
        let asked = api.requests("/coins/bitcoin/ohlc")
        #expect(asked.count == 1, "one 4h series behind both timeframes, one request: \(asked.map(\.target))")
        #expect(asked.first?.queryItem("days") == "30")
    }

    @Test func checkSaysWhereCoinGeckoCandlesComeFromAndHowDeepTheyGo() throws {
        let run = try check(#"{"id": "slow", "coin": "bitcoin", "when": {"ma_crosses_above": {"fast": 50, "slow": 200, "tf": "4h"}}}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("needs 201 closed 4h candles (SMA(50, 4h), SMA(200, 4h)) from coingecko"), "\(run.stdout)")
        #expect(run.stdout.contains("coingecko serves only the last 180 closed 4h candles"), "\(run.stdout)")
        let json = try check(#"{"id": "slow", "coin": "bitcoin", "when": {"ma_crosses_above": {"fast": 50, "slow": 200, "tf": "4h"}}}"#, json: true)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rule = try #require((doc["rules"] as? [[String: Any]])?.first)
        let candles = try #require((rule["candles"] as? [[String: Any]])?.first, "\(json.stdout)")
        #expect(candles["tf"] as? String == "4h")
        #expect(candles["candles"] as? Int == 201)
        #expect(candles["provider"] as? String == "coingecko")
        #expect(candles["requests_first_pass"] as? Int == 1)
        #expect(candles["served_candles"] as? Int == 180)
    }

    @Test(arguments: [
        (#"{"rsi_above": {"value": 70, "tf": "15m"}}"#, "rules[0].when.rsi_above.tf", "coingecko serves no 15m candles (only 1h, 4h, 1d, 1w)"),
        (#"{"volume_spike": {"x": 3, "tf": "1h", "n": 20}}"#, "rules[0].when.volume_spike.tf", "coingecko's candles carry no volume"),
        (#"{"any": [{"above": 1}, {"bollinger_above": {"period": 20, "k": 2, "tf": "5m"}}]}"#, "rules[0].when.any[1].bollinger_above.tf",
         "coingecko serves no 5m candles"),
    ])
    func checkRefusesATimeframeOrVolumeCoinGeckoCannotServe(_ when: String, _ path: String, _ message: String) throws {
        let run = try check(#"{"id": "r", "coin": "bitcoin", "when": \#(when)}"#)
        #expect(run.status == 65, "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(path + ": "), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("\"provider\""), "says what to do: \(run.stderr)")
    }

    @Test func aPinnedProviderThatServesTheTimeframeIsAccepted() throws {
        let run = try check(#"{"id": "r", "coin": "bitcoin", "provider": "binance", "vs": "usdt", "when": {"volume_spike": {"x": 3, "tf": "15m", "n": 20}}}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("needs 21 closed 15m candles (volume/mean(20, 15m)) from binance"), "\(run.stdout)")
    }

    /// CoinGecko's keyless and demo plans refuse `ohlc` beyond 365 days (the real `error_code` 10012 body), which 60 weekly candles reach: the pass says
    /// it as the outage line, with the hint of what to do, not the raw refusal, and `explain` says the same.
    @Test func aPlanLimitOnCandlesIsAnOutageSayingWhatToDo() throws {
        let refusing = try ReplayServer([
            "/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json") },
            "/coins/bitcoin/ohlc": { _ in
                ReplayServer.capture("real/history/error-401_coingecko-market-chart_days-max_error-10012_2024-03-30.json", status: 401)
            },
        ])
        let path = try dir.write("rules.json", ProviderRules.make([("coingecko", refusing.baseURL)], vs: "myr", favorites: ["bitcoin"],
            rules: #"{"id": "ma", "coin": "bitcoin", "when": {"price_below_ma": {"period": 60, "tf": "1w"}}}"#))
        let args = ["--rules", path, "--state", dir.path + "/state.json"]
        let hint = "coingecko's demo and keyless plans serve only the past 365 days; use --range 1y or shorter, or a paid key\n"
        let run = try Binary.run(["--once"] + args, environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0 && run.stderr.hasPrefix("coinwatch: coingecko: failing since ") && run.stderr.hasSuffix(" UTC: " + hint)
                && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        let explained = try Binary.run(["explain", "ma"] + args, environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(explained.stderr == "coinwatch: warning: " + hint, "\(explained.stderr)")
    }
}
