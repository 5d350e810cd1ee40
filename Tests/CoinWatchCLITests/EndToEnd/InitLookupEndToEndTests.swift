import Foundation
import Testing
@testable import TestHelpers

/// `coinwatch init` on a terminal with CoinGecko answering (SPEC §11): each favorite is resolved
/// through CoinGecko's search as it is typed. init has no rules file, so it asks the real
/// `https://api.coingecko.com`; here that goes through a TLS-inspecting proxy on 127.0.0.1
/// (`InterceptingProxy`, serving the captured answers), whose CA only `SSL_CERT_FILE` makes trusted.
@Suite struct InitLookupEndToEndTests {
    let dir: TempDir
    let proxy: InterceptingProxy

    init() throws {
        dir = try TempDir()
        let coingecko = Fixtures.root + "/Fixtures/real/coingecko/"
        proxy = try InterceptingProxy(host: "api.coingecko.com", routes: [
            ("/api/v3/search?query=btc", coingecko + "search_query-bi_2023-01-08.json"),
            ("/api/v3/search?query=eth", coingecko + "search_query-ethereum_TRIMMED_2025.json"),
            ("/api/v3/coins/markets?", coingecko + "coins-markets_vs-usd_top100_2023-01-08.json"),
        ])
    }

    /// https through the proxy, the state (and its response cache) in this test's own folder, and
    /// `SSL_CERT_FILE` when given.
    private func environment(sslCertFile: String?) -> [String: String] {
        var env = ["https_proxy": proxy.url, "HTTPS_PROXY": proxy.url, "HOME": dir.path]
        env["SSL_CERT_FILE"] = sslCertFile
        return env
    }

    /// `btc`, then `eth`, then an empty answer, and no sink.
    private let answers = [
        (prompt: "Favorite (id, symbol or name) [bitcoin, ethereum]: ", answer: "btc"),
        (prompt: "Another favorite, or empty to finish: ", answer: "eth"),
        (prompt: "Another favorite, or empty to finish: ", answer: ""),
        (prompt: "Chat sink format (", answer: ""),
    ]

    /// The start of every occurrence of `text` in `screen`.
    private func places(of text: String, in screen: String) -> [String.Index] {
        var found: [String.Index] = []
        var rest = screen.startIndex..<screen.endIndex
        while let range = screen.range(of: text, range: rest) {
            found.append(range.lowerBound)
            rest = range.upperBound..<screen.endIndex
        }
        return found
    }

    @Test func eachFavoriteIsResolvedThroughCoinGeckosSearchBeforeTheNextQuestion() throws {
        let path = dir.path + "/rules.json"
        let session = try PseudoTerminal.run(["init", "--rules", path], answers: answers,
                                             environment: environment(sslCertFile: proxy.authority), in: dir)
        let screen = session.screen
        #expect(session.status == 0, "\(screen)")
        #expect(!screen.contains("warning"), "every lookup succeeded: \(screen)")
        let bitcoin = try #require(screen.range(of: "  → bitcoin (Bitcoin, BTC)\n"), "\(screen)")
        let ethereum = try #require(screen.range(of: "  → ethereum (Ethereum, ETH)\n"), "\(screen)")
        let again = places(of: "Another favorite, or empty to finish: ", in: screen)
        try #require(again.count == 2, "\(screen)")
        #expect(bitcoin.lowerBound < again[0] && again[0] < ethereum.lowerBound && ethereum.lowerBound < again[1],
                "each pick shows before the next question:\n\(screen)")
        #expect(screen.contains("wrote \(path): 2 favorite(s), 6 rule(s)"), "both priced, so a crossing each: \(screen)")

        let text = try #require(dir.read("rules.json"))
        #expect(text.contains(#""favorites": ["bitcoin", "ethereum"]"#), "\(text)")
        #expect(text.contains(#"{"id": "bitcoin-cross", "coin": "bitcoin", "when": {"crosses": "#), "\(text)")
        #expect(proxy.tunnels.allSatisfy { $0 == "api.coingecko.com:443" } && !proxy.tunnels.isEmpty, "\(proxy.tunnels)")
        #expect(Array(proxy.paths.prefix(2)) == ["/api/v3/search?query=btc", "/api/v3/search?query=eth"], "\(proxy.paths)")
        #expect(proxy.paths.dropFirst(2).contains { $0.hasPrefix("/api/v3/coins/markets?vs_currency=usd&ids=bitcoin,ethereum&") },
                "then one price request for the picks: \(proxy.paths)")

        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/state.json"], environment: ["HOME": dir.path])
        #expect(check.status == 0, "the written file passes check: \(check.stderr)")
    }

    @Test func thePickIsShownWithoutTheControlAndBidiCharactersOfTheSearchsAnswer() throws {
        // A search answer whose id carries a right-to-left override and whose symbol clears the screen.
        try dir.write("evil.json", #"{"coins":[{"id":"evil\u202ecoin","name":"Evil","symbol":"EV\u001b[2J","market_cap_rank":5}]}"#)
        let hostile = try InterceptingProxy(host: "api.coingecko.com", routes: [("/api/v3/search?query=evil", dir.path + "/evil.json")])
        let session = try PseudoTerminal.run(["init", "--rules", dir.path + "/rules.json"],
                                             answers: [(prompt: answers[0].prompt, answer: "evil"), (prompt: answers[1].prompt, answer: ""),
                                                       answers[3]],
                                             environment: ["https_proxy": hostile.url, "HTTPS_PROXY": hostile.url, "HOME": dir.path,
                                                           "SSL_CERT_FILE": hostile.authority], in: dir)
        #expect(session.screen.contains("  → evilcoin (Evil, EV)\n"), "\(session.screen)")
        #expect(!session.screen.contains("\u{1B}[2J") && !session.screen.contains("\u{202E}"), "\(session.screen)")
    }

    @Test func withoutSSLCertFileTheProxysCertificateIsRefusedAndFavoritesAreWrittenAsGiven() throws {
        let path = dir.path + "/rules.json"
        let session = try PseudoTerminal.run(["init", "--rules", path], answers: answers,
                                             environment: environment(sslCertFile: nil), in: dir)
        let screen = session.screen
        #expect(session.status == 0, "\(screen)")
        #expect(!screen.contains("→"), "\(screen)")
        let warnings = screen.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 2 && zip(warnings, ["btc", "eth"]).allSatisfy { line, typed in
            line.hasPrefix("coinwatch: warning: cannot resolve '\(typed)' (coingecko: api.coingecko.com: TLS error: SSL certificate problem: ")
                && line.hasSuffix("); written as given")
        }, "one line each, naming the TLS failure:\n\(screen)")
        #expect(dir.read("rules.json")?.contains(#""favorites": ["btc", "eth"]"#) == true)
        #expect(!proxy.handshakes.isEmpty && !proxy.handshakes.contains("ok") && proxy.paths.isEmpty,
                "the client refused every tunnel's certificate: \(proxy.handshakes) \(proxy.paths)")
    }

    @Test func anSSLCertFileThatDoesNotExistIsOneClearLinePerFavorite() throws {
        let missing = dir.path + "/no-such-ca.pem"
        let run = try Binary.run(["init", "--yes", "--favorites", "btc", "--rules", dir.path + "/rules.json"],
                                 environment: environment(sslCertFile: missing))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines == ["coinwatch: warning: cannot resolve 'btc' (coingecko: api.coingecko.com: TLS error: cannot load the CA bundle \(missing) (ca_file or SSL_CERT_FILE): No such file or directory); written as given"],
                "\(run.stderr)")
    }
}
