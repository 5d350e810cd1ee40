import Foundation
import Testing
@testable import TestHelpers

/// `search`, `show` and `trending` through the binary (NO_COLOR, not a terminal) against a
/// loopback server replaying the real captures; the text is compared whole (golden, 80 columns).
@Suite(.serialized) struct WatchlistGoldenTests {
    let api: ReplayServer
    let dir: TempDir

    init() throws {
        api = try ReplayServer()
        dir = try TempDir()
        try dir.write("rules.json", """
        {
          "providers": [
            {"name": "coingecko", "base_url": "\(api.baseURL)/api/v3", "timeout": "5s"},
            {"name": "coinpaprika", "base_url": "\(api.baseURL)/v1", "timeout": "5s"}
          ],
          "favorites": ["bitcoin"]
        }
        """)
    }

    private func run(_ args: [String]) throws -> Binary.Run {
        try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["COINWATCH_CACHE": dir.path + "/cache"])
    }

    /// The 7-day prices the show tests add to the real `/coins/markets` capture: a week-long rise, then a fall.
    static let week: [Int] = (0..<168).map { $0 < 120 ? 44_000 + 60 * $0 : 51_200 - 100 * ($0 - 120) }

    @Test func searchPrintsIdSymbolNameAndRankInEightyColumns() throws {
        try api.route("/api/v3/search", fixture: "real/coingecko/search_query-bi_2023-01-08.json")
        let run = try run(["search", "bi", "--limit", "4"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
        ID                              SYMBOL    NAME                            RANK
        bitcoin                         BTC       Bitcoin                           #1
        binance-usd                     BUSD      Binance USD                       #7
        wrapped-bitcoin                 WBTC      Wrapped Bitcoin                  #23
        bitcoin-cash                    BCH       Bitcoin Cash                     #29

        """)
        #expect(api.requests.map(\.target) == ["/api/v3/search?query=bi"])
    }

    @Test func searchJSONIsOneDocumentAndOptionsMayComeFirst() throws {
        try api.route("/api/v3/search", fixture: "real/coingecko/search_query-ethereum_TRIMMED_2025.json")
        let run = try run(["--json", "search", "--limit", "1", "ethereum"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == #"{"provider":"coingecko","query":"ethereum","coins":[{"id":"ethereum","symbol":"ETH","name":"Ethereum","rank":2}]}"# + "\n")
    }

    @Test func searchWithCoinPaprikaShowsUnrankedCoinsWithADash() throws {
        try api.route("/v1/search", fixture: "real/coinpaprika/search_q-ethereum_c-all_limit-100_2022-01-29.json")
        let run = try run(["search", "ethereum", "--provider", "coinpaprika", "--limit", "100"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 47)
        #expect(lines[1] == "eth-ethereum                    ETH       Ethereum                          #2")
        #expect(lines[14] == "emg-ethereum-minesweeper-game   $EMG      Ethereum Minesweeper Game          -")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(api.requests.first?.target == "/v1/search?q=ethereum&c=currencies&limit=100")
    }

    @Test func trendingShowsTheCurrentFormatsCoinsAndNFTs() throws {
        try api.route("/api/v3/search/trending", fixture: "real/coingecko/search-trending_2025-04.json")
        let run = try run(["trending"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
        Trending coins on CoinGecko
         #  SYMBOL    NAME                           PRICE       24H       MCAP   RANK
         1  QUBIC     Qubic                  $0.0000009048    -6.39%   $104.13M   #368
         2  NOT       Notcoin                    $0.001728   -11.25%   $177.43M   #250
         3  FARTCOIN  Fartcoin                     $0.4628    +0.95%   $462.40M   #130
         4  AITECH    Solidus Ai Tech             $0.02100    -6.03%    $31.85M   #753
         5  BTC       Bitcoin                   $76,700.12    -7.19%     $1.53T     #1
         6  ETH       Ethereum                   $1,484.65   -16.84%   $179.64B     #2
         7  SUI       Sui                            $1.82   -14.90%     $5.97B    #21
         8  ONDO      Ondo                         $0.7025   -10.87%     $2.23B    #47
         9  TRUMP     Official Trump                 $7.61   -15.17%     $1.53B    #61
        10  PI        Pi Network                   $0.5521   -12.59%     $3.79B    #32
        11  BERA      Berachain                      $4.24   -25.16%   $460.65M   #132
        12  S         Sonic (prev. FTM)            $0.3964   -17.29%     $1.26B    #68
        13  SOL       Solana                        $99.71   -15.80%    $51.70B     #7
        14  LINK      Chainlink                     $10.73   -14.59%     $6.86B    #16
        15  SPX       SPX6900                      $0.4702    +1.77%   $442.60M   #136

        Trending NFTs on CoinGecko
         #  NAME                              SYMBOL                   FLOOR       24H
         1  Runestone                         RUNESTONE            0.002 BTC    -7.34%
         2  MAX PAIN AND FRENS BY XCOPY       MAXPAINANDF…          0.73 ETH    -9.17%
         3  NodeMonkes                        NODEMONKES           0.036 BTC    -9.58%
         4  OnChainMonkey (OCM) Genesis       OCM-GENESIS          0.026 BTC   -11.32%
         5  CryptoPunks V1 (wrapped)          WPV1                  2.30 ETH   -13.53%
         6  Quantum Cats                      QUANTUM_CATS         0.040 BTC   -14.41%
         7  Bad Kids                          Bad Kids         356,863 STARS   -14.85%

        """)
    }

    @Test func trendingShowsThe2021FormatWithBTCPricesAndNoNFTs() throws {
        try api.route("/api/v3/search/trending", fixture: "real/coingecko/search-trending_2021-05-18.json")
        let run = try run(["trending"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
        Trending coins on CoinGecko
         #  SYMBOL    NAME                           PRICE       24H       MCAP   RANK
         1  MATIC     Polygon                  ₿0.00004774         -          -    #16
         2  SHIB      Shiba Inu           ₿0.0000000003725         -          -    #24
         3  SAFEMOON  SafeMoon            ₿0.0000000001632         -          -    #45
         4  SOL       Solana                     ₿0.001230         -          -    #15
         5  CAKE      PancakeSwap               ₿0.0006251         -          -    #41
         6  XRP       XRP                      ₿0.00003674         -          -     #4
         7  SUSHI     Sushi                     ₿0.0004392         -          -    #53

        """)
    }

    @Test func trendingJSONHoldsCoinsAndNFTs() throws {
        try api.route("/api/v3/search/trending", fixture: "real/coingecko/search-trending_2025-04.json")
        let run = try run(["trending", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let coins = try #require(doc["coins"] as? [[String: Any]])
        #expect(coins.count == 15)
        #expect(coins[4]["id"] as? String == "bitcoin")
        #expect(coins[4]["market_cap_usd"] as? Double == 1_525_034_530_242)
        #expect((doc["nfts"] as? [Any])?.count == 7)
        #expect(run.stdout.filter { $0 == "\n" }.count == 1, "one JSON document on one line")
    }

    @Test func showPrintsThePriceCardWithASparklineInEightyColumns() throws {
        api.route("/api/v3/coins/markets", Reply.bytes(try MarketCaptures.withSparkline(
            "coins-markets_vs-usd_ids-bitcoin_2021-05-15.json", [Self.week.map { $0 as Any }]), contentType: "application/json"))
        try api.route("/api/v3/coins/bitcoin/market_chart", fixture: "real/history/coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json")
        let run = try run(["show", "bitcoin"])
        #expect(run.status == 0, "\(run.stderr)")
        let card = run.stdout.components(separatedBy: "\n7d chart").first
        #expect(run.stdout.contains("\n7d chart  "), "then the 7-day chart (SPEC §7: the default range)")
        #expect(card == """
        Bitcoin (BTC)  ·  bitcoin on coingecko
        Price          $49,053.00  -4.38% (24h)
        24h range      $48,019.00 – $51,300.00
        Market cap     $917.83B  (rank #1)
        Volume (24h)   $61.68B
        All-time high  $64,805.00      2021-04-14  -24.31% from it
        All-time low   $67.81          2013-07-06  +72,238.89% from it
        7 days         max $51,200.00
                       ▁▁▁▁▂▂▂▂▂▂▃▃▃▃▃▃▃▄▄▄▄▄▄▅▅▅▅▅▅▅▆▆▆▆▆▆▆▇▇▇▇▇▇██████▇▇▇▇▆▆▆▆▅▅▅▅▄▄▄▄
                       min $44,000.00   +5.68% over 7 days
        As of          2021-05-15T15:59:43Z

        """)
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(api.requests.map(\.target) == [
            "/api/v3/coins/markets?vs_currency=usd&ids=bitcoin&per_page=1&page=1&sparkline=true&price_change_percentage=24h",
            "/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=7",
        ], "one request for the card and its sparkline, one for the 7-day chart")
    }

    @Test func showWithoutSparklineInTheRealCaptureSaysSoInsteadOfAChart() throws {
        try api.route("/api/v3/coins/markets", fixture: "real/coingecko/coins-markets_vs-eth_ids-bitcoin-ethereum_2021-05-15.json")
        let run = try run(["show", "ethereum", "--vs", "ETH"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Ethereum (ETH)  ·  ethereum on coingecko\nPrice          ETH 1.00"))
        #expect(run.stdout.contains("7 days         coingecko sent no 7-day prices\n"))
        #expect(api.requests.first?.queryItem("vs_currency") == "eth")
    }

    @Test func showResolvesASymbolThroughSearchAndNamesTheId() throws {
        api.route("/api/v3/coins/markets", Reply.json("[]"))
        try api.route("/api/v3/search", fixture: "real/coingecko/search_query-bi_2023-01-08.json")
        let run = try run(["show", "BCH"])
        #expect(run.status == 1, "the replayed /coins/markets lists nothing, so no card")
        #expect(run.stderr == "coinwatch: coingecko has no coin 'BCH' quoted in usd; find its id with 'coinwatch search BCH'\n")
        #expect(api.requests.map { $0.queryItem("ids") ?? $0.queryItem("query") ?? "" } == ["bch", "BCH", "bitcoin-cash"])
    }

    @Test func showJSONCarriesTheCardAndTheChart() throws {
        api.route("/api/v3/coins/markets", Reply.bytes(try MarketCaptures.withSparkline(
            "coins-markets_vs-usd_ids-bitcoin_2021-05-15.json", [Self.week.map { $0 as Any }]), contentType: "application/json"))
        let run = try run(["show", "--json", "bitcoin"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(doc["price"] as? Double == 49053)
        #expect(doc["ath_date"] as? String == "2021-04-14T11:54:46Z")
        let chart = try #require(doc["sparkline_7d"] as? [String: Any])
        #expect(chart["min"] as? Double == 44_000)
        #expect((chart["prices"] as? [Double])?.count == 168)
    }

    @Test func badCommandLinesExit64() throws {
        #expect(try run(["show"]).status == 64)
        #expect(try run(["show", "a", "b"]).status == 64)
        #expect(try run(["search"]).status == 64)
        #expect(try run(["search", "x", "--limit", "0"]).status == 64)
        let provider = try run(["trending", "--provider", "coingeko"])
        #expect(provider.status == 64)
        #expect(provider.stderr.contains("Did you mean 'coingecko'?"))
        let paprika = try run(["trending", "--provider", "coinpaprika"])
        #expect(paprika.status == 64)
        #expect(paprika.stderr == "Error: coinpaprika has no trending list; use --provider coingecko.\n")
        #expect(try run(["show", "bitcoin", "--force"]).status == 64)
        #expect(api.requests.isEmpty)
    }
}
