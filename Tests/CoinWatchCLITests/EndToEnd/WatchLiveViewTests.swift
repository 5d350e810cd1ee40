import Foundation
import Testing
@testable import TestHelpers

/// The live `watch` view (SPEC §10) on a real terminal: the binary runs in a tmux pane of a
/// private tmux server (`TmuxPane`); keys go in with send-keys, the screen comes back with
/// capture-pane. Every wait is a bounded poll for the screen expected.
@Suite(.serialized, .timeLimit(.minutes(3))) struct WatchLiveViewTests {
    static let rules = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}, "#
        + #"{"id": "all-low", "coin": "*", "when": {"below": 10}}"#

    private func flow(cacheTTL: String = "0s") throws -> BinaryFlow {
        let flow = try BinaryFlow(rules: Self.rules, favorites: ["bitcoin", "ethereum"])
        if cacheTTL != "0s" {
            let text = try String(contentsOfFile: flow.rulesPath, encoding: .utf8)
            try flow.dir.write("rules.json", text.replacingOccurrences(of: #""cache_ttl": "0s""#, with: #""cache_ttl": "\#(cacheTTL)""#))
        }
        flow.market.set("bitcoin", price: 150, change24h: 1)
        flow.market.set("ethereum", price: 40, change24h: 5)
        return flow
    }

    /// The pane runs a shell that prints a line, runs `coinwatch watch`, then prints its exit status
    /// and the terminal's `icanon`/`echo` settings (what the screen shows once the view has ended),
    /// then waits for a line so the pane stays alive (a dead pane's cursor is always off).
    private func pane(_ flow: BinaryFlow, columns: Int = 100, rows: Int = 20, interval: String = "1h") throws -> TmuxPane {
        guard TmuxPane.installed else {
            Issue.record("tmux is not installed: run 'make deps' (it installs tmux for this test)")
            throw CancellationError()
        }
        let watch = [Binary.path, "watch", "--interval", interval, "--rules", flow.rulesPath, "--state", flow.statePath]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = "trap : INT; echo before-watch; TZ=UTC LANG=C.UTF-8 \(watch); echo \"watch exited $?\"; "
            + "stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; read wait"
        return try TmuxPane(["/bin/sh", "-c", script], columns: columns, rows: rows)
    }

    /// The coinwatch process in the pane (the shell's child), nil once it has ended.
    private func watchPID(_ pane: TmuxPane) -> Int32? {
        pane.pid().flatMap { TmuxPane.children(of: $0).first }
    }

    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { $0.contains("$") }
    }

    @Test func onATerminalWatchDrawsTheTableOnTheAlternateScreenWithTheCursorHidden() throws {
        let flow = try flow()
        let pane = try pane(flow)
        let first = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("coinwatch watch — ") == true && lines.first?.contains("sort: rank") == true, "\(first)")
        #expect(lines.dropFirst().first?.hasPrefix("SYMBOL") == true, "\(first)")
        #expect(first.contains("$40.00") && first.contains("hi armed") && first.contains("all-low armed"), "\(first)")
        #expect(!first.contains("before-watch"), "the normal screen is hidden: \(first)")
        #expect(pane.format("#{alternate_on} #{cursor_flag}") == "1 0", "alternate screen on, cursor hidden")
        #expect(lines.allSatisfy { $0.count <= 100 }, "\(first)")
    }

    @Test func sStepsTheSortKeyAndSlashFiltersTheRowsAsYouType() throws {
        let flow = try flow()
        let pane = try pane(flow)
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        #expect(rows(pane.screen()).first?.contains("$150.00") == true, "rank: the favorites' order first")
        try pane.keys("s")
        let sorted = pane.waitFor { $0.contains("sort: change") }
        #expect(rows(sorted).first?.contains("$40.00") == true, "the bigger 24h change first: \(sorted)")
        try pane.keys("s", "s")
        let byPrice = pane.waitFor { $0.contains("sort: price") }
        #expect(rows(byPrice).first?.contains("$150.00") == true, "\(byPrice)")
        try pane.keys("/", "e", "t")
        let typing = pane.waitFor { $0.contains("filter: et_") }
        #expect(!typing.contains("$150.00") && typing.contains("$40.00"), "the filter applies while typed: \(typing)")
        try pane.keys("BSpace", "BSpace", "b", "i", "t", "Enter")
        let filtered = pane.waitFor { $0.contains("filter: bit") && $0.contains("q quit") }
        #expect(filtered.contains("$150.00") && !filtered.contains("$40.00"), "\(filtered)")
        try pane.keys("Escape")
        let cleared = pane.waitFor { !$0.contains("filter:") && $0.contains("$40.00") }
        #expect(cleared.contains("$150.00") && cleared.contains("$40.00"), "Escape clears the filter: \(cleared)")
    }

    @Test func rFetchesAgainAtOnceEvenWhileTheCacheIsFresh() throws {
        let flow = try flow(cacheTTL: "1h")
        let pane = try pane(flow)
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        flow.market.set("bitcoin", price: 175, change24h: 1)
        try pane.keys("r")
        let refreshed = pane.waitFor { $0.contains("$175.00") }
        #expect(refreshed.contains("$175.00") && refreshed.contains("q quit"), "r fetches again: \(refreshed)")
    }

    @Test func theViewFetchesAgainEveryInterval() throws {
        let flow = try flow()
        let pane = try pane(flow, interval: "1s")
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        flow.market.set("bitcoin", price: 175, change24h: 1)
        let refreshed = pane.waitFor { $0.contains("$175.00") }
        #expect(refreshed.contains("$175.00") && refreshed.contains("q quit"), "no key pressed: \(refreshed)")
    }

    @Test func aResizeRedrawsAtTheNewSizeAndANarrowTerminalDropsColumnsNeverWraps() throws {
        let flow = try flow()
        let pane = try pane(flow)
        let wide = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        #expect(wide.contains("NAME") && wide.contains("RULES"), "\(wide)")
        for columns in [50, 36, 20] {
            try pane.resize(columns: columns, rows: 20)
            let narrow = pane.waitFor {
                $0.contains("$150.00") && $0.contains("$40.00") && !$0.contains("NAME")
                    && $0.split(separator: "\n").allSatisfy { $0.count <= columns }
            }
            let lines = narrow.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.count <= columns }, "\(columns) columns: \(narrow)")
            #expect(rows(narrow).count == 2 && narrow.contains("$150.00") && narrow.contains("$40.00"), "one line per favorite: \(narrow)")
            #expect(lines.first?.hasPrefix("coinwatch watch") == true, "\(narrow)")
            #expect(narrow.contains("24H") == (columns >= 33), "\(columns) columns: \(narrow)")
        }
        // Exactly as many rows as the frame has lines: nothing scrolls the title away.
        try pane.resize(columns: 60, rows: 6)
        let exact = pane.waitFor { $0.contains("NAME") && $0.contains("q quit") }
        let exactLines = exact.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(exactLines.first?.hasPrefix("coinwatch watch") == true && exactLines.contains { $0.hasPrefix("SYMBOL") }, "\(exact)")
        // Fewer rows than the table: the footer stays and says what is hidden.
        try pane.resize(columns: 60, rows: 4)
        let short = pane.waitFor { $0.contains("+1 more") }
        #expect(short.contains("+1 more") && short.contains("q quit") && short.contains("$150.00") && !short.contains("$40.00"), "\(short)")
    }

    @Test func enterOpensTheSelectedCoinsChartFullScreenAndQGoesBackToTheTable() throws {
        let flow = try flow()
        flow.market.route("/market_chart", Reply.bytes(try HistoryCaptures.capture(HistoryCaptures.chart(days: "30")),
                                                       contentType: "application/json"))
        let pane = try pane(flow, columns: 100, rows: 30)
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        try pane.keys("Down", "Enter")
        let chart = pane.waitFor { $0.contains("7d chart") && $0.contains("q back") }
        let lines = chart.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("Ethereum (ETH)  $40.00  ·  ethereum on coingecko") == true, "the selected row's coin: \(chart)")
        #expect(lines.contains { $0.hasPrefix("7d chart") } && chart.contains("q back") && !chart.contains("SYMBOL"), "\(chart)")
        // Title, heading, 26 plot rows, time labels, keys: the plot takes the screen's height.
        let heading = try #require(lines.firstIndex { $0.hasPrefix("7d chart") })
        #expect(lines.count >= 30 && heading == 1 && lines[29] == "q back" && !lines[28].isEmpty && lines[2...27].allSatisfy { !$0.isEmpty }, "\(chart)")
        #expect(lines.allSatisfy { $0.count <= 100 }, "\(chart)")
        let requests = flow.market.server.requests.filter { $0.path.hasSuffix("/market_chart") }.map(\.target)
        #expect(requests.count == 1 && requests.first?.contains("/coins/ethereum/market_chart?vs_currency=usd&days=") == true, "\(requests)")
        try pane.keys("q")
        let back = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        #expect(back.contains("SYMBOL") && !back.contains("7d chart"), "q goes back to the table, the view goes on: \(back)")
        #expect(watchPID(pane) != nil)
    }

    @Test func aSearchesAsYouTypeAndAddsTheChosenCoinThroughFavoritesAdd() throws {
        let flow = try flow()
        flow.market.route("/search", Reply.bytes(try Fixtures.bytes("real/coingecko/search_query-bi_2023-01-08.json"),
                                                 contentType: "application/json"))
        flow.market.set("binance-usd", price: 1.25, change24h: 0)
        let pane = try pane(flow)
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        try pane.keys("a", "b", "i")
        let hits = pane.waitFor { $0.contains("BUSD  Binance USD") }
        #expect(hits.contains("add a favorite: bi_") && hits.contains("BTC  Bitcoin  (bitcoin)  #1"), "\(hits)")
        let searches = flow.market.server.requests.filter { $0.path.hasSuffix("/search") }.map(\.target)
        #expect(searches.last == "/search?query=bi", "\(searches)")
        try pane.keys("Down", "Enter")
        let added = pane.waitFor { $0.contains("$1.25") && $0.contains("q quit") }
        #expect(added.contains("added binance-usd (Binance USD, BUSD)"), "favorites add's own words: \(added)")
        let rules = try #require(flow.dir.read("rules.json"))
        #expect(rules.contains(#""favorites": ["bitcoin", "ethereum", "binance-usd"]"#), "the same edit as favorites add: \(rules)")
        try pane.keys("a", "x", "Escape")
        let cancelled = pane.waitFor { $0.contains("q quit") && !$0.contains("add a favorite") }
        #expect(cancelled.contains("$150.00"), "Escape cancels: \(cancelled)")
    }

    @Test func withHoldingsTheRowsShowCostAndPnlAndATotalLine() throws {
        let flow = try flow()
        let text = try String(contentsOfFile: flow.rulesPath, encoding: .utf8)
        try flow.dir.write("rules.json", text.replacingOccurrences(of: #""sinks": {}"#, with: #""sinks": {}, "holdings": [{"coin": "bitcoin", "amount": 2, "price": 100}]"#))
        let pane = try pane(flow, columns: 130)
        let screen = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        #expect(screen.contains("HOLDING") && screen.contains("COST") && screen.contains("P&L"), "\(screen)")
        let btc = try #require(screen.split(separator: "\n").first { $0.hasPrefix("BTC") }, "\(screen)")
        #expect(btc.contains("$300.00") && btc.contains("$200.00") && btc.contains("+$100.00 +50.00%"), "\(btc)")
        #expect(screen.split(separator: "\n").contains { $0.hasPrefix("TOTAL") && $0.contains("+$100.00 +50.00%") }, "\(screen)")
    }

    @Test func qQuitsWithStatus0AndRestoresTheScreenTheCursorAndTheKeyboard() throws {
        let flow = try flow()
        let pane = try pane(flow)
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        try pane.keys("q")
        let after = pane.waitFor { $0.contains("watch exited") && $0.contains("echo") }
        #expect(after.contains("watch exited 0"), "\(after)")
        #expect(after.contains("before-watch") && !after.contains("$150.00") && !after.contains("q quit"), "the alternate screen is gone: \(after)")
        #expect(after.contains("icanon echo"), "line editing and echo are back: \(after)")
        #expect(pane.format("#{alternate_on} #{cursor_flag}") == "0 1", "normal screen, cursor shown")
    }

    @Test(arguments: ["SIGTERM", "SIGINT", "Ctrl-C"])
    func aSignalEndsTheViewWithStatus0AndRestoresTheTerminal(_ how: String) throws {
        let flow = try flow()
        let pane = try pane(flow, columns: 36)
        _ = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        let pid = try #require(watchPID(pane))
        switch how {
        case "SIGTERM": #expect(kill(pid, SIGTERM) == 0)
        case "SIGINT": #expect(kill(pid, SIGINT) == 0)
        default: try pane.keys("C-c")
        }
        let after = pane.waitFor { $0.contains("watch exited") && $0.contains("echo") }
        #expect(after.contains("watch exited 0") && after.contains("icanon echo"), "\(how): \(after)")
        #expect(!after.contains("$150.00") && after.contains("before-watch"), "\(how): the alternate screen is gone: \(after)")
        #expect(pane.format("#{alternate_on} #{cursor_flag}") == "0 1", "\(how)")
    }
}
