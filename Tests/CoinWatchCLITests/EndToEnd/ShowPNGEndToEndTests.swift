@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// `show COIN --range R --png FILE` through the binary against a loopback CoinGecko replaying the
/// real captures (SPEC §12): the image of the history `show` draws, the same bytes every time,
/// `-` for stdout, one line and exit 1 when it cannot be made or written.
@Suite(.serialized) struct ShowPNGEndToEndTests {
    let server: LoopbackServer
    let dir: TempDir

    init() throws {
        server = try HistoryCaptures.replayServer()
        dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}
        """)
    }

    private func run(_ args: [String], environment extra: [String: String] = [:]) throws -> Binary.Run {
        var env = ["COINWATCH_CACHE": dir.path + "/cache", "COINWATCH_LOCK_TIMEOUT": "20"]
        env.merge(extra) { _, new in new }
        return try Binary.run(["show", "bitcoin"] + args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: env)
    }

    private var historyRequests: [RecordedRequest] { server.requests.filter { $0.path.hasSuffix("/market_chart") } }

    /// The width and height in a PNG's IHDR, or nil when `bytes` are not a PNG.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func showPNGWritesTheChartOfTheHistoryShowDraws() throws {
        let run = try run(["--range", "30d", "--png", dir.path + "/chart.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Bitcoin (BTC)") && run.stdout.contains("30d chart"), "the card and chart still on stdout")
        let image = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path + "/chart.png")))
        let size = try #require(Self.pngSize(image))
        #expect(size.width == 1280 && size.height == 720)
        #expect(historyRequests.count == 1, "one history request for card, chart and image")
        // The very image the alerts' code draws from the points `show --json` lists (from the store now).
        let json = try self.run(["--range", "30d", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let points = try #require((doc["chart"] as? [String: Any])?["points"] as? [[Double]])
        let same = try ChartImage.png(points.map { (Int64($0[0]), $0[1]) }, symbol: "btc", vs: "usd", range: .d30).get()
        let identical = same == image
        #expect(identical, "show --png draws the points show draws, with the alerts' image code")
        #expect(historyRequests.count == 1, "the second show read the store")
        // `make docs-charts` (COINWATCH_WRITE_DOCS=1): this image is docs/chart-show-30d.png, in docs/history.md.
        if ProcessInfo.processInfo.environment["COINWATCH_WRITE_DOCS"] == "1" {
            try Data(image).write(to: URL(fileURLWithPath: Fixtures.root + "/docs/chart-show-30d.png"))
        }
    }

    @Test func showPNGDashWritesTheSameImageAloneToStdout() throws {
        #expect(try run(["--range", "30d", "--png", dir.path + "/chart.png"]).status == 0)
        let run = try run(["--range", "30d", "--png", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path + "/chart.png")))
        let identical = run.stdoutBytes == file
        #expect(identical, "the same bytes from another process: nothing but the image on stdout")
    }

    @Test func showPNGWithoutHistoryFailsWithOneLineAndNoFile() throws {
        let failing = try LoopbackServer { request in
            request.path.hasSuffix("/coins/markets")
                ? ((try? Fixtures.bytes("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"))
                    .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound)
                : .notFound
        }
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(failing.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}
        """)
        let run = try run(["--png", dir.path + "/chart.png"])
        #expect(run.status == 1, "an image asked for fails the command when it cannot be had, even for the default range")
        #expect(run.stderr.split(separator: "\n").count == 1 && !run.stderr.contains("warning"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/chart.png"))
    }

    @Test func showPNGWithoutCairoFailsWithOneLineAndNoFile() throws {
        let run = try run(["--range", "1d", "--png", dir.path + "/chart.png"],
                          environment: ["COINWATCH_LIBCAIRO": dir.path + "/no-such-libcairo.so.2"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: cannot draw the 1d chart: cairo could not be loaded: "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/chart.png"))
    }

    @Test func showPNGIntoAMissingFolderFailsWithOneLine() throws {
        let run = try run(["--range", "1d", "--png", dir.path + "/no/such/folder/chart.png"])
        #expect(run.status == 1)
        #expect(run.stderr == "coinwatch: cannot write the chart to \(dir.path)/no/such/folder/chart.png: "
                + "cannot create a file in \(dir.path)/no/such/folder: No such file or directory\n")
    }

    @Test func showPNGDashWithJSONIsAUsageError() throws {
        let run = try run(["--png", "-", "--json"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: '--png -' writes the image to stdout"), "\(run.stderr)")
        #expect(historyRequests.isEmpty)
    }
}

extension ShowPNGEndToEndTests {
    /// A history answer with a zero and a negative price: the chart (terminal and image) is drawn from the
    /// other points, and one warning says how many were left out (SPEC §7, §12).
    @Test func aZeroOrNegativePointIsLeftOutNotTheWholeChart() throws {
        let capture = try HistoryCaptures.capture(HistoryCaptures.chart(days: "30"))
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(capture)) as? [String: Any])
        var prices = try #require(doc["prices"] as? [[Double]])
        prices[100][1] = 0
        prices[200][1] = -5
        doc["prices"] = prices
        let body = [UInt8](try JSONSerialization.data(withJSONObject: doc))
        let bad = try LoopbackServer { request in
            if request.path.hasSuffix("/market_chart") { return Reply.bytes(body, contentType: "application/json") }
            return (try? Fixtures.bytes("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"))
                .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
        }
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(bad.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}
        """)
        let run = try run(["--range", "30d", "--png", dir.path + "/chart.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "coinwatch: warning: coingecko: 2 history rows with impossible prices (zero, negative, low above high) left out\n")
        #expect(run.stdout.contains("30d chart"), "the terminal chart is drawn: \(run.stdout)")
        let image = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path + "/chart.png")))
        let json = try self.run(["--range", "30d", "--json"])
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let points = try #require((shown["chart"] as? [String: Any])?["points"] as? [[Double]])
        #expect(!points.isEmpty && points.allSatisfy { $0[1] > 0 }, "only the good points, from the store")
        let same = try ChartImage.png(points.map { (Int64($0[0]), $0[1]) }, symbol: "btc", vs: "usd", range: .d30).get()
        let identical = same == image
        #expect(identical, "the image of the good points")
    }
}
