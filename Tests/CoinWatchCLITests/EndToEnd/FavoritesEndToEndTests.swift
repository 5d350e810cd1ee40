import Foundation
import Testing
@testable import TestHelpers

/// `coinwatch favorites list | add | remove` through the binary: rules.json before and after,
/// and the exit codes of SPEC §1 (0, 1, 65, 66).
@Suite(.serialized) struct FavoritesEndToEndTests {
    let api: ReplayServer
    let dir: TempDir

    init() throws {
        api = try ReplayServer()
        dir = try TempDir()
        try api.route("/api/v3/search", fixture: "real/coingecko/search_query-bi_2023-01-08.json")
        try api.route("/api/v3/coins/markets", fixture: "real/coingecko/coins-markets_vs-usd_top100_2023-01-08.json")
    }

    /// A rules.json in the SPEC's style: one-line rules, numbers and an `${NAME}` reference as people write them.
    private var original: String {
        """
        {
          "$schema": "./rules.schema.json",
          "vs_currency": "usd",
          "providers": [
            {"name": "coingecko", "base_url": "\(api.baseURL)/api/v3", "timeout": "5s"}
          ],
          "favorites": ["bitcoin", "ethereum"],
          "rules": [
            {"id": "btc-100k", "coin": "bitcoin", "when": {"crosses_above": 100000}},
            {"id": "eth-dip", "coin": "ethereum", "when": {"below": 2000.50}, "resolve": true},
            {"id": "big-mover", "coin": "*", "when": {"change_24h_abs": 1e1}, "notify": ["chat"]},
            {"id": "btc-pump", "coin": "Bitcoin", "when": {"move_pct": {"pct": 3, "within": "1h"}}}
          ],
          "sinks": {
            "chat": {"type": "webhook", "format": "slack", "url": "${HOOK_URL}"}
          }
        }

        """
    }

    private var rulesPath: String { dir.path + "/rules.json" }
    private var contents: String? { dir.read("rules.json") }

    private func favorites(_ args: [String], env: [String: String] = ["HOOK_URL": "https://hooks.example/T0/B0/x"]) throws -> Binary.Run {
        try Binary.run(["favorites"] + args + ["--rules", rulesPath, "--state", dir.path + "/state.json"], environment: env)
    }

    @Test func addResolvesWhatTheUserTypedAndSaysWhichIdItPicked() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["add", "BCH"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "added bitcoin-cash (Bitcoin Cash, BCH) for 'BCH'\n")
        #expect(contents == original.replacingOccurrences(of: #"["bitcoin", "ethereum"]"#, with: #"["bitcoin", "ethereum", "bitcoin-cash"]"#))
        #expect(api.requests.map(\.target) == ["/api/v3/search?query=BCH"])
    }

    /// The search's name and symbol are the provider's text, said on stdout where no guard cleans it (SPEC §3): an
    /// escape sequence or a right-to-left override in them reached the terminal.
    @Test func addSaysTheCoinWithoutTheControlAndBidiCharactersOfItsName() throws {
        try dir.write("rules.json", original)
        api.route("/api/v3/search", .json(#"{"coins":[{"id":"evil-coin","name":"Evil\u001b[2J\u202Eniaga","symbol":"evl\u0007","#
                                          + #""market_cap_rank":9}],"exchanges":[],"icos":[],"categories":[],"nfts":[]}"#))
        let run = try favorites(["add", "evil-coin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "added evil-coin (Evilniaga, EVL)\n")
    }

    @Test func addOfAFavoriteAlreadyThereSaysSoAndLeavesTheFileAlone() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["add", "Ethereum"])
        #expect(run.status == 0)
        #expect(run.stdout == "ethereum is already a favorite\n")
        #expect(contents == original)
        #expect(api.requests.isEmpty, "no need to ask a provider")
    }

    @Test func addOfACoinNoProviderKnowsExits1AndAddsTheOthers() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["add", "no-such-coin-anywhere", "Bitcoin Gold"])
        #expect(run.status == 1)
        #expect(run.stderr == "coinwatch: no coin on coingecko matches 'no-such-coin-anywhere'; find it with 'coinwatch search no-such-coin-anywhere'\n")
        #expect(run.stdout == "added bitcoin-gold (Bitcoin Gold, BTG) for 'Bitcoin Gold'\n")
        #expect(contents?.contains(#""favorites": ["bitcoin", "ethereum", "bitcoin-gold"],"#) == true)
    }

    @Test func removeRefusesWhileRulesNameTheCoinAndListsThem() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["remove", "BITCOIN"])
        #expect(run.status == 65)
        #expect(run.stderr == "coinwatch: cannot remove bitcoin: rules btc-100k (rules[0]), btc-pump (rules[3]) name it; remove those rules first, or use --force to remove them too\n")
        #expect(run.stdout.isEmpty)
        #expect(contents == original)
    }

    @Test func removeForceRemovesTheCoinAndTheRulesThatNameItAndListsThem() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["remove", "--force", "bitcoin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "removed bitcoin\nremoved rule btc-100k (rules[0])\nremoved rule btc-pump (rules[3])\n")
        #expect(contents == """
        {
          "$schema": "./rules.schema.json",
          "vs_currency": "usd",
          "providers": [
            {"name": "coingecko", "base_url": "\(api.baseURL)/api/v3", "timeout": "5s"}
          ],
          "favorites": ["ethereum"],
          "rules": [
            {"id": "eth-dip", "coin": "ethereum", "when": {"below": 2000.50}, "resolve": true},
            {"id": "big-mover", "coin": "*", "when": {"change_24h_abs": 1e1}, "notify": ["chat"]}
          ],
          "sinks": {
            "chat": {"type": "webhook", "format": "slack", "url": "${HOOK_URL}"}
          }
        }

        """)
    }

    /// The red team's file: one ratio rule (SPEC §2), which names both of its coins.
    private var ratio: String {
        """
        {
          "providers": [{"name": "coingecko", "base_url": "\(api.baseURL)/api/v3"}],
          "favorites": ["bitcoin", "ethereum", "solana"],
          "rules": [
            {"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.05}},
            {"id": "sol-hi", "coin": "solana", "when": {"above": 1000}}
          ]
        }

        """
    }

    @Test func removeRefusesWhileARatioRuleNamesTheCoinAsEitherOfItsTwoCoins() throws {
        try dir.write("rules.json", ratio)
        for coin in ["ethereum", "bitcoin"] {
            let run = try favorites(["remove", coin])
            #expect(run.status == 65)
            #expect(run.stderr == "coinwatch: cannot remove \(coin): rule eth-btc (rules[0]) names it; remove that rule first, or use --force to remove it too\n")
            #expect(contents == ratio)
        }
    }

    @Test func removeForceRemovesTheCoinAndTheRatioRulesThatNameIt() throws {
        try dir.write("rules.json", ratio)
        let run = try favorites(["remove", "--force", "bitcoin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "removed bitcoin\nremoved rule eth-btc (rules[0])\n")
        #expect(contents == """
        {
          "providers": [{"name": "coingecko", "base_url": "\(api.baseURL)/api/v3"}],
          "favorites": ["ethereum", "solana"],
          "rules": [
            {"id": "sol-hi", "coin": "solana", "when": {"above": 1000}}
          ]
        }

        """, "\(contents ?? "")")
        #expect(try Binary.run(["check", "--rules", rulesPath, "--state", dir.path + "/state.json"]).status == 0)
    }

    @Test func listShowsARatioRuleUnderBothOfItsCoins() throws {
        try dir.write("rules.json", ratio)
        let run = try favorites(["list", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let items = try #require(doc["favorites"] as? [[String: Any]])
        #expect(items.map { $0["rules"] as? [String] } == [["eth-btc"], ["eth-btc"], ["sol-hi"]], "\(items)")
    }

    @Test func removingACoinThatIsNotAFavoriteExits1() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["remove", "etherium"])
        #expect(run.status == 1)
        #expect(run.stderr == "coinwatch: etherium is not a favorite in \(rulesPath). Did you mean 'ethereum'?\n")
        #expect(contents == original)
    }

    @Test func anEditThatWouldMakeRulesJSONInvalidExits65AndLeavesItUntouched() throws {
        let full = (0..<5_000).map { "\"coin-\($0)\"" }.joined(separator: ", ")
        let text = "{\n  \"providers\": [{\"name\": \"coingecko\", \"base_url\": \"\(api.baseURL)/api/v3\"}],\n  \"favorites\": [\(full)]\n}\n"
        try dir.write("rules.json", text)
        let run = try favorites(["add", "bitcoin"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("favorites holds 5001 entries, over the limit of 5000 favorites"))
        #expect(run.stderr.hasSuffix("the edit would make \(rulesPath) invalid (positions above are in the edited text); the file was not changed\n"))
        #expect(run.stdout.isEmpty)
        #expect(contents == text)
    }

    @Test func theEditKeepsTheFileModeAndWritesNoValueOfAnEnvironmentVariable() throws {
        try dir.write("rules.json", original)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: rulesPath)
        #expect(try favorites(["remove", "--force", "ethereum"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: rulesPath)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        #expect(contents?.contains("${HOOK_URL}") == true)
        #expect(contents?.contains("hooks.example") == false)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// SPEC §13 ("a backup kept"): each edit keeps the file before it as rules.json.bak, with its mode; the next
    /// edit replaces that one backup, so edits never pile files up (init's `.bak-<time>` files are left alone).
    @Test func eachEditKeepsTheFileBeforeItAsOneRollingRulesJSONBakWithItsMode() throws {
        try dir.write("rules.json", original)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: rulesPath)
        try dir.write("rules.json.bak-20261129T120000Z", "init's backup\n")
        #expect(try favorites(["add", "BCH"]).status == 0)
        #expect(dir.read("rules.json.bak") == original, "add keeps the file before the edit")
        #expect(TempDir.mode(dir.file("rules.json.bak")) == 0o640)
        let added = try #require(contents)
        let run = try favorites(["remove", "--force", "bitcoin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(dir.read("rules.json.bak") == added, "remove --force keeps the file before it, in place of the older backup")
        #expect(TempDir.mode(dir.file("rules.json.bak")) == 0o640)
        #expect(dir.names().filter { $0.hasPrefix("rules.json") } == ["rules.json", "rules.json.bak", "rules.json.bak-20261129T120000Z"], "\(dir.names())")
        #expect(dir.read("rules.json.bak-20261129T120000Z") == "init's backup\n")
    }

    @Test func aBackupPathThatIsASymlinkOrAFolderIsRefusedAndNothingChanges() throws {
        try dir.write("rules.json", original)
        try dir.write("victim", "untouched\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("rules.json.bak"), withDestinationPath: dir.file("victim"))
        let linked = try favorites(["add", "BCH"])
        #expect(linked.status == 1)
        #expect(linked.stderr == "coinwatch: cannot write \(rulesPath): its backup \(rulesPath).bak is a symbolic link, which coinwatch neither follows nor replaces; move it away (the file was not changed)\n")
        #expect(contents == original && dir.read("victim") == "untouched\n")
        try FileManager.default.removeItem(atPath: dir.file("rules.json.bak"))
        try FileManager.default.createDirectory(atPath: dir.file("rules.json.bak"), withIntermediateDirectories: false)
        let folder = try favorites(["remove", "--force", "bitcoin"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("its backup \(rulesPath).bak is a folder, not a regular file"), "\(folder.stderr)")
        #expect(contents == original)
        #expect(dir.names().allSatisfy { !$0.contains(".tmp-") }, "\(dir.names())")
    }

    @Test func aSymlinkedRulesFileIsEditedWhereItLives() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/real", withIntermediateDirectories: true)
        try dir.write("real/rules.json", original)
        try FileManager.default.createSymbolicLink(atPath: rulesPath, withDestinationPath: dir.path + "/real/rules.json")
        #expect(try favorites(["remove", "--force", "ethereum"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: rulesPath) == dir.path + "/real/rules.json")
        #expect(dir.read("real/rules.json")?.contains(#""favorites": ["bitcoin"],"#) == true)
        #expect(dir.read("real/rules.json.bak") == original, "the backup lives beside the edited file")
        #expect(!FileManager.default.fileExists(atPath: rulesPath + ".bak"))
    }

    @Test func withOnlyExchangeProvidersACoinIsAddedAsWritten() throws {
        let text = "{\n  \"vs_currency\": \"krw\",\n  \"providers\": [{\"name\": \"upbit\"}],\n  \"favorites\": []\n}\n"
        try dir.write("rules.json", text)
        let run = try favorites(["add", "BTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "added BTC as written (upbit cannot search; exchanges match it by symbol)\n")
        #expect(contents == text.replacingOccurrences(of: "[]", with: #"["BTC"]"#))
    }

    @Test func addToAFileWithoutFavoritesInsertsTheMemberAndKeepsEveryOtherByte() throws {
        let text = "{\n  \"vs_currency\" :  \"krw\",\n  \"providers\": [{\"name\": \"upbit\"}],\n\t\"rules\": [ ]\n}\n"
        try dir.write("rules.json", text)
        let run = try favorites(["add", "BTC"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(contents == text.replacingOccurrences(of: "}],\n", with: "}],\n\t\"favorites\": [\"BTC\"],\n"), "\(contents ?? "")")
    }

    @Test func listShowsEachFavoritesPriceAnd24hChangeAndEveryRuleThatCoversItStarRulesIncluded() throws {
        try dir.write("rules.json", original)
        let run = try favorites(["list"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            bitcoin                      $16,951.52   +0.14%  rules btc-100k, big-mover, btc-pump
            ethereum                      $1,266.66   +0.29%  rules eth-dip, big-mover

            """, "\(run.stdout)")
        #expect(api.requests.filter { $0.target.contains("/coins/markets") }.count == 1, "one request for both favorites")
        let json = try favorites(["list", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(doc["rules_file"] as? String == rulesPath)
        let items = try #require(doc["favorites"] as? [[String: Any]])
        #expect(items.map { $0["coin"] as? String } == ["bitcoin", "ethereum"])
        #expect(items[0]["price"] as? Double == 16_951.52 && items[0]["change_24h"] as? Double == 0.14088, "\(items[0])")
        #expect(items[0]["symbol"] as? String == "BTC" && items[0]["name"] as? String == "Bitcoin", "\(items[0])")
        #expect(items[0]["rules"] as? [String] == ["btc-100k", "big-mover", "btc-pump"])
        #expect(items[1]["rules"] as? [String] == ["eth-dip", "big-mover"])
        #expect(api.requests.filter { $0.target.contains("/coins/markets") }.count == 1, "the second list is served from the cache")
    }

    @Test func listWithNoProviderAnsweringShowsNoQuoteAndExits1() throws {
        try dir.write("rules.json", original)
        api.route("/api/v3/coins/markets", Reply.text("down", status: 503))
        let run = try favorites(["list"])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").count == 2 && run.stdout.contains("no quote"), "\(run.stdout)")
        #expect(run.stdout.contains("rules btc-100k, big-mover, btc-pump"), "\(run.stdout)")
        #expect(run.stderr.contains("coingecko") && run.stderr.contains("503"), "\(run.stderr)")
        // docs/watchlist.md: `null` figures without a quote.
        let json = try favorites(["list", "--json"])
        let doc = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let items = try #require(doc?["favorites"] as? [[String: Any]], "\(json.stdout)")
        #expect(items.allSatisfy { $0["price"] is NSNull && $0["change_24h"] is NSNull }, "\(items)")
    }

    @Test func addAndRemoveReportInOneJSONDocument() throws {
        try dir.write("rules.json", original)
        let add = try favorites(["add", "--json", "btc", "ethereum"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == #"{"added":[],"already":[{"input":"btc","favorite":"bitcoin"},{"input":"ethereum","favorite":"ethereum"}]}"# + "\n")
        let remove = try favorites(["remove", "ethereum", "--force", "--json"])
        #expect(remove.stdout == #"{"removed":["ethereum"],"removed_rules":["eth-dip"]}"# + "\n")
    }

    @Test func aMissingRulesFileExits66AndBadActionsExit64() throws {
        #expect(try favorites(["add", "bitcoin"]).status == 66)
        #expect(try favorites(["lst"]).stderr.contains("Did you mean 'list'?"))
        #expect(try favorites(["add"]).status == 64)
        #expect(try favorites(["add", "--force", "x"]).status == 64)
    }

    /// A hand-aligned file with odd spacing: tabs, columns lined up, `{ }` padding, a multi-line favorites array.
    private var aligned: String {
        "{\n" +
        "  \"vs_currency\" :   \"usd\" ,\n" +
        "  \"providers\"   : [ {\"name\": \"coingecko\", \"base_url\": \"\(api.baseURL)/api/v3\"} ],\n" +
        "  \"favorites\"   : [\n" +
        "\t\"bitcoin\",\n" +
        "\t\"ethereum\" ,\n" +
        "\t\"solana\"\n" +
        "  ],\n" +
        "  \"rules\": [\n" +
        "    { \"id\": \"btc-100k\" , \"coin\": \"bitcoin\" , \"when\": { \"above\"  : 100000.00 } },\n" +
        "    { \"id\": \"eth-2k\"   , \"coin\": \"ethereum\", \"when\": { \"below\"  :   2e3 } }\n" +
        "  ]\n" +
        "}\n"
    }

    /// The file's bytes before and after its `favorites` array (from the key to the `]`).
    private func outsideFavorites(_ text: String) -> (before: Substring, after: Substring)? {
        guard let key = text.range(of: "\"favorites\""),
              let close = text[key.upperBound...].firstIndex(of: "]") else { return nil }
        return (text[..<key.lowerBound], text[text.index(after: close)...])
    }

    @Test func addAndRemoveChangeOnlyTheFavoritesArrayAndKeepEveryOtherByteOfTheFile() throws {
        try dir.write("rules.json", aligned)
        let add = try favorites(["add", "BCH"])
        #expect(add.status == 0, "\(add.stderr)")
        let added = try #require(contents)
        #expect(outsideFavorites(added)?.before == outsideFavorites(aligned)?.before)
        #expect(outsideFavorites(added)?.after == outsideFavorites(aligned)?.after)
        #expect(added.contains("\t\"solana\" ,\n\t\"bitcoin-cash\"\n  ],"), "the new entry is separated as the last two are:\n\(added)")

        let remove = try favorites(["remove", "ethereum", "solana", "--force"])
        #expect(remove.status == 0, "\(remove.stderr)")
        let removed = try #require(contents)
        #expect(outsideFavorites(removed)?.before == outsideFavorites(aligned)?.before)
        #expect(removed.contains("[\n\t\"bitcoin\" ,\n\t\"bitcoin-cash\"\n  ],"), "\(removed)")
        #expect(removed.hasSuffix("""
          "rules": [
            { "id": "btc-100k" , "coin": "bitcoin" , "when": { "above"  : 100000.00 } }
          ]
        }

        """), "only the rule --force removed is gone:\n\(removed)")

        try dir.write("rules.json", aligned)
        #expect(try favorites(["remove", "bitcoin", "ethereum", "solana", "--force"]).status == 0)
        let emptied = try #require(contents)
        #expect(outsideFavorites(emptied)?.before == outsideFavorites(aligned)?.before)
        #expect(emptied.contains("\n  \"favorites\"   : [],\n  \"rules\": ["), "\(emptied)")
    }
}
