import Foundation
import Testing
@testable import TestHelpers

/// libcurl is opened on the first transfer, not at start-up (Sources/CCurl/shim.h): a command that
/// makes no transfer runs without it, and a pass that needs it says why it is missing in its outage line.
/// `COINWATCH_LIBCURL` names the library to open instead of the system's.
@Suite struct LazyCurlEndToEndTests {
    private let missing = ["COINWATCH_LIBCURL": "/nonexistent/libcurl.so.4"]

    private func rules(_ dir: TempDir, baseURL: String) throws {
        try dir.write("rules.json", RulesJSON.make(baseURL: baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#))
    }

    @Test func commandsWithoutATransferRunWithoutLibcurl() throws {
        let dir = try TempDir()
        try rules(dir, baseURL: "http://127.0.0.1:9")
        let check = try Binary.run(["check", "--rules", dir.path + "/rules.json"], environment: missing)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("libcurl"), "\(check.stderr)")
        let silences = try Binary.run(["silence", "list", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                      environment: missing)
        #expect(silences.status == 0, "\(silences.stderr)")
        // The dynamic loader's own log names every library it opens.
        let traced = try Binary.run(["check", "--rules", dir.path + "/rules.json"], environment: ["LD_DEBUG": "files"])
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stderr.contains("file=libsqlite3.so.0"), "the loader's log is read: \(traced.stderr.prefix(400))")
        #expect(!traced.stderr.contains("libcurl"), "check opened libcurl")
    }

    @Test func aPassWithoutLibcurlSaysWhyInOneLine() throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        try rules(dir, baseURL: market.baseURL)
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"], environment: missing)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("coinwatch: coingecko: failing since "), "an outage's first line (SPEC §6): \(run.stderr)")
        #expect(first.contains(" UTC: libcurl could not be loaded (/nonexistent/libcurl.so.4: cannot open shared object file"), "\(run.stderr)")
        #expect(first.hasSuffix("; install it with 'apt install libcurl4' or set COINWATCH_LIBCURL to its path"), "\(run.stderr)")
        #expect(run.stderr.contains("coinwatch: no provider quoted bitcoin in usd: coinwatch could not make a request "
                                    + "(the line above says why), not a provider outage or the favorite's id"), "\(run.stderr)")
        #expect(!run.stderr.contains("second provider"), "another provider would fail the same way: \(run.stderr)")
        #expect(market.server.requests.isEmpty)
    }

    @Test func coinwatchLibcurlNamesTheLibraryToOpen() throws {
        let library = try #require(["/usr/lib/x86_64-linux-gnu/libcurl.so.4", "/lib/x86_64-linux-gnu/libcurl.so.4", "/usr/lib64/libcurl.so.4"]
            .first { FileManager.default.fileExists(atPath: $0) })
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        try rules(dir, baseURL: market.baseURL)
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_LIBCURL": library])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("lo  BTC is below $100.00"), "\(run.stdout)")
    }
}
