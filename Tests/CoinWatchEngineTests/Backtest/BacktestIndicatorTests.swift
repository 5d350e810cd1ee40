@testable import CoinWatchSupport
import Foundation
import Testing
@testable import TestHelpers

/// Issue 17 "indicators in backtest": `coinwatch backtest` feeds indicator rules the closed candles
/// of their timeframe in simulated time, through the live candles stage (`CandleFeed`) over the
/// history store. Through the binary against a loopback Binance serving the real ETHUSDT 1h klines
/// capture, the RSI a fired alert carries and the fires and resolves of an RSI level rule equal
/// TA-Lib's golden RSI(14) (`Fixtures/golden/indicators.json`) at each hourly pass.
@Suite(.serialized) struct BacktestIndicatorTests {
    static let capture = "real/history/binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json"
    static let hour: Int64 = 3_600_000

    let dir: TempDir
    let api: ReplayServer

    init() throws {
        dir = try TempDir()
        let klines = try Fixtures.bytes(Self.capture)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { _ in Reply.bytes(klines, contentType: "application/json") }
        api = try ReplayServer(routes)
    }

    /// The capture's open times and TA-Lib's RSI(14) after each candle.
    static func golden() throws -> (opens: [Int64], rsi: [Double?]) {
        let series = try #require(IndicatorGolden.golden.first { $0.provider == "binance" && $0.file.contains("ETHUSDT_1h") })
        let candles = try IndicatorGolden.candles(series)
        let rsi = try #require(series.values["rsi14"])
        try #require(rsi.count == candles.count)
        return (candles.map(\.openTime), rsi)
    }

    @Test func rsiRuleFiresAndResolvesAsTALibsRSIOfTheCandlesClosedAtEachPassSays() throws {
        let (opens, rsi) = try Self.golden()
        // From the 30th candle's close to the second-to-last's (the last was still open when captured).
        let from = opens[30] + Self.hour, to = opens[opens.count - 2] + Self.hour
        // The RSI the pass at `t` reads: of the candles open at or before t − 1h (closed by t).
        var passes: [(time: Int64, rsi: Double)] = []
        var t = from
        while t <= to {
            let closed = t - Self.hour
            let last = opens.lastIndex { $0 <= closed } ?? 0
            passes.append((t, rsi[last] ?? Double.nan))
            t += Self.hour
        }
        try #require(passes.allSatisfy { !$0.rsi.isNaN })
        // A level halfway between two neighbouring readings near the median: crossed often, never met exactly.
        let sorted: [Double] = passes.map { $0.rsi }.sorted()
        let middle: Int = sorted.count / 2
        let level: Double = (sorted[middle] + sorted[middle + 1]) / 2
        _ = try dir.write("rules.json", ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"], rules: """
            {"id": "weak", "coin": "ETH", "when": {"rsi_below": {"value": \(level), "tf": "1h"}}, "resolve": true}
            """))
        let iso = { (ms: Int64) in TimeText.iso(Double(ms) / 1000) }
        let run = try Binary.run(["backtest", "--from", iso(from), "--to", iso(to), "--json", "--rules", dir.path + "/rules.json",
                                  "--state", dir.path + "/state.json"], environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let alerts = try #require(document["alerts"] as? [[String: Any]])

        // Brute force: the level rule over the golden readings at the pass times.
        var expected: [(time: Int64, status: String)] = []
        var holding = false
        for pass in passes {
            if pass.rsi <= level, !holding {
                expected.append((pass.time, "firing"))
                holding = true
            } else if pass.rsi > level, holding {
                expected.append((pass.time, "resolved"))
                holding = false
            }
        }
        #expect(expected.count > 4, "the level is crossed: a comparison that can fail")
        let times: [Int64] = alerts.map { Self.milliseconds($0["time"]) }
        let statuses: [String] = alerts.map { $0["status"] as? String ?? "" }
        #expect(times == expected.map { $0.time })
        #expect(statuses == expected.map { $0.status })
        // Each firing alert carries the RSI it fired on: TA-Lib's.
        for alert in alerts where alert["status"] as? String == "firing" {
            let time = Self.milliseconds(alert["time"])
            let golden = try #require(passes.first { $0.time == time }?.rsi)
            let value = try #require((alert["value"] as? NSNumber)?.doubleValue)
            #expect(abs(value - golden) <= 1e-9 * 100, "RSI at \(time): \(value) against TA-Lib's \(golden)")
        }
    }

    /// The count after the coin's points is every request made for it, the indicator's 4h candles
    /// (and their warm-up) beside the span's hourly ones.
    @Test func theReportCountsTheRequestsForTheIndicatorsCandlesToo() throws {
        let (opens, _) = try Self.golden()
        _ = try dir.write("rules.json", ProviderRules.make([("binance", api.baseURL)], vs: "usdt", favorites: ["ETH"], rules: """
            {"id": "weak", "coin": "ETH", "when": {"rsi_below": {"value": 30, "tf": "4h"}}}
            """))
        let iso = { (ms: Int64) in TimeText.iso(Double(ms) / 1000) }
        let run = try Binary.run(["backtest", "--from", iso(opens[30] + Self.hour), "--to", iso(opens[opens.count - 2] + Self.hour),
                                  "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let fourHourly = api.requests.count { $0.queryItem("interval") == "4h" }
        #expect(fourHourly > 0, "the indicator's candles were fetched: \(api.requests.map(\.path))")
        #expect(run.stdout.split(separator: "\n").dropFirst().first?.hasSuffix(" (\(api.requests.count) requests)") == true,
                "\(api.requests.count) requests: \(run.stdout)")
    }

    /// The backtest of `weak` (RSI(14) of 4h candles below 30) on ETH against `server`, over the capture's hours.
    private func backtestFourHourRSI(_ server: ReplayServer, terminal: Bool = false) throws -> (screen: String, status: Int) {
        let (opens, _) = try Self.golden()
        _ = try dir.write("rules.json", ProviderRules.make([("binance", server.baseURL)], vs: "usdt", favorites: ["ETH"], rules: """
            {"id": "weak", "coin": "ETH", "when": {"rsi_below": {"value": 30, "tf": "4h"}}}
            """))
        let iso = { (ms: Int64) in TimeText.iso(Double(ms) / 1000) }
        let args = ["backtest", "--from", iso(opens[30] + Self.hour), "--to", iso(opens[opens.count - 2] + Self.hour),
                    "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        let environment = ["COINWATCH_CACHE": dir.path + "/cache"]
        guard terminal else {
            let run = try Binary.run(args, environment: environment)
            return (run.stdout, Int(run.status))
        }
        let session = try PseudoTerminal.run(args, answers: [], environment: environment, in: dir)
        return (session.screen, session.status)
    }

    /// The 4h candles answer 429: the one request made is counted, not each of the hourly passes' tries
    /// that the backoff then skipped without sending anything.
    @Test func requestsSkippedInABackoffAreNotCounted() throws {
        let klines = try Fixtures.bytes(Self.capture)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/klines"] = { request in
            request.queryItem("interval") == "1h" ? Reply.bytes(klines, contentType: "application/json")
                : Reply.json(#"{"code":-1003,"msg":"Too many requests"}"#, status: 429).header("Retry-After", "3600")
        }
        let server = try ReplayServer(routes)
        let run = try backtestFourHourRSI(server)
        #expect(server.requests.count { $0.queryItem("interval") == "4h" } == 1)
        #expect(run.screen.split(separator: "\n").dropFirst().first?.hasSuffix(" (\(server.requests.count) requests)") == true,
                "\(server.requests.count) requests: \(run.screen)")
    }

    /// On a terminal the progress bar counts the requests sent against those planned, the indicator's
    /// candles included: it never goes past its total, and ends at the count the report gives.
    @Test func theProgressBarCountsThePlannedRequestsTheReportGives() throws {
        let run = try backtestFourHourRSI(api, terminal: true)
        #expect(run.status == 0, "\(run.screen)")
        let regex = try NSRegularExpression(pattern: #"\] (\d+)/(\d+) requests?"#)
        let bars = regex.matches(in: run.screen, range: NSRange(run.screen.startIndex..., in: run.screen)).map { match in
            (1...2).map { Int((run.screen as NSString).substring(with: match.range(at: $0))) ?? -1 }
        }
        #expect(!bars.isEmpty && bars.allSatisfy { $0[1] == api.requests.count && $0[0] <= $0[1] }, "\(bars): \(run.screen)")
        #expect(bars.map { $0[0] } == bars.map { $0[0] }.sorted() && bars.last?[0] == api.requests.count, "\(bars)")
        #expect(run.screen.contains(" (\(api.requests.count) requests)"), "\(run.screen)")
        #expect(run.screen.contains("\r[") && !run.screen.contains(" [#"), "each bar redraws the line in place: \(run.screen.debugDescription)")
    }

    /// An alert record's `time` in ms since 1970; -1 when it is not a time.
    static func milliseconds(_ field: Any?) -> Int64 {
        guard let text = field as? String, let date = DateTimeParser.parse(text) else { return -1 }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    @Test func anIndicatorRuleOnAHistoryOfPricesOnlyIsNamedWithTheReason() throws {
        let server = try LoopbackServer { request in
            guard request.path.hasSuffix("/market_chart/range") else { return .notFound }
            return (try? HistoryCaptures.capture(BacktestEndToEndTests.capture)).map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
        }
        _ = try dir.write("rules.json", """
            {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"],
             "rules": [{"id": "rsi", "coin": "bitcoin", "when": {"rsi_below": {"value": 30, "tf": "1h"}}}]}
            """)
        let run = try Binary.run(["backtest", "--from", BacktestEndToEndTests.from, "--to", BacktestEndToEndTests.to, "--json",
                                  "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the indicator rules of bitcoin cannot be backtested: coingecko's history holds prices, not candles"),
                "\(run.stderr)")
    }
}
