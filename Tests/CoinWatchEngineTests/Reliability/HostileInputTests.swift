import Foundation
import Testing
@testable import TestHelpers
#if canImport(Glibc)
import Glibc
#endif
@testable import CoinWatchSupport
@testable import CoinWatchState

/// Red team, round 2 (issue 30), through the binary: hostile data, files and commands. Derived figures
/// that are not finite, a `--metrics` path that is not a file, backups within one second, provider
/// text that tries to become an option, a program or markup, and a command sink outliving `--once`.
@Suite(.serialized) struct HostileInputTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
    }

    private var rulesPath: String { dir.path + "/rules.json" }
    private var statePath: String { dir.path + "/state.json" }

    private func pass(_ extra: [String] = [], environment: [String: String] = [:]) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", rulesPath, "--state", statePath] + extra, environment: environment)
    }

    /// An executable script in the test folder.
    @discardableResult
    private func script(_ name: String, _ body: String) throws -> String {
        let path = try dir.write(name, "#!/bin/sh\n" + body + "\n")
        chmod(path, 0o755)
        return path
    }

    // MARK: - Derived figures that are not finite (SPEC §2)

    @Test func aRatioThatIsNotAFiniteNumberLeavesThatCoinUnquotedAndTheRestGoesOn() throws {
        market.set("bitcoin", price: 1e17)
        market.set("tinycoin", price: 1e-300)  // 1e317: no Double holds it
        market.set("ethereum", price: 50)
        let rules = #"{"id": "ratio", "coin": "bitcoin/tinycoin", "when": {"above": 1}}, "#
            + #"{"id": "eth-low", "coin": "ethereum", "when": {"below": 100}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: ["bitcoin", "tinycoin", "ethereum"], rules: rules))
        let run = try pass(["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("cannot"), "\(run.stderr)")
        let records = try run.records()
        #expect(records.map { $0["rule"] as? String } == ["eth-low"], "\(run.stdout)")
        let state = try StateStore.load(path: statePath)
        #expect(state.pairs.keys.contains { $0.hasPrefix("eth-low|") }, "the state was written")
        #expect(state.prices["bitcoin/tinycoin|usd"] == nil, "no infinite price recorded")
        // Once the ratio is a finite number again, the coin is observed as usual.
        market.set("tinycoin", price: 1e3)
        let next = try pass(["--json"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try next.records().map { $0["rule"] as? String } == ["ratio"], "\(next.stdout)")
    }

    @Test func aProviderFigureBeyondWhatTheStateKeepsIsNotAnObservation() throws {
        market.set("bitcoin", price: 1e300)
        market.set("ethereum", price: 50, high24h: 1e300)
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: ["bitcoin", "ethereum"],
                                                   rules: #"{"id": "eth-low", "coin": "ethereum", "when": {"below": 100}}"#))
        let run = try pass()
        #expect(run.status == 1 && run.stderr.contains("no provider quoted bitcoin"), "\(run.stderr)")
        #expect(run.stdout.contains("ETH"), "\(run.stdout)")
        let state = try StateStore.load(path: statePath)
        #expect(state.prices["bitcoin|usd"] == nil && state.prices["ethereum|usd"] != nil, "the state reads back")
        #expect(try Binary.run(["state", "show", "--state", statePath]).status == 0)
    }

    @Test func aFeedTickWhose24hChangeIsNotFiniteLeavesThatCoinUnquotedAndTheRestGoesOn() throws {
        let hostile = #"{"stream":"btcusdt@miniTicker","data":{"e":"24hrMiniTicker","E":1601628771865,"s":"BTCUSDT","c":"1e300","o":"1e-10","h":"0","l":"0","v":"1","q":"1"}}"#
        let rig = try StreamRig(connections: [[
            ["send": hostile], ["sleep": 0.3],
            ["send": StreamRig.trade("ETHUSDT", 450)], ["sleep": 0.3],
            ["send": StreamRig.ticker("BTCUSDT", 10000, open: 9000)],
        ]])
        try rig.writeRules(#"{"id": "btc-jump", "coin": "BTC", "when": {"change_24h_above": 5}}, "#
                           + #"{"id": "eth-400", "coin": "ETH", "when": {"crosses_above": 400}}"#)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count >= 2 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("cannot"), "\(run.stderr)")
        let records = StreamRig.records(run.stdout)
        #expect(records.map { $0["rule"] as? String } == ["eth-400", "btc-jump"], "\(run.stdout)")
        let change = records.last?["change_24h"] as? Double ?? 0
        #expect(abs(change - 11.11) < 0.01, "the next sane ticker is observed: \(change)")
        let state = try StateStore.load(path: rig.statePath)
        #expect(state.pairs.keys.contains { $0.hasPrefix("eth-400|") } && state.pairs.keys.contains { $0.hasPrefix("btc-jump|") })
    }

    // MARK: - Files: the metrics path and backups (SPEC §11)

    @Test func aMetricsPathThatExistsAndIsNotARegularFileIsRefusedAsAUsageError() throws {
        market.set("bitcoin", price: 90)
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#))
        let fifo = dir.path + "/metrics.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let target = try dir.write("target.prom", "kept\n")
        let link = dir.path + "/metrics.link"
        #expect(symlink(target, link) == 0)
        for (path, kind) in [(fifo, "a FIFO"), (dir.path, "a folder"), (link, "a symbolic link")] {
            for command in [["--once"], ["stream"]] {
                let run = try Binary.run(command + ["--metrics", path, "--rules", rulesPath, "--state", statePath])
                #expect(run.status == 64, "\(command) \(path): \(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("'--metrics \(path)': it is \(kind)"), "\(run.stderr)")
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK && dir.read("target.prom") == "kept\n")
        #expect(!FileManager.default.fileExists(atPath: statePath), "refused before any pass")
        let fine = try Binary.run(["--once", "--metrics", dir.path + "/coinwatch.prom", "--rules", rulesPath, "--state", statePath])
        #expect(fine.status == 0 && dir.read("coinwatch.prom")?.contains("coinwatch_last_pass_timestamp_seconds") == true, "\(fine.stderr)")
    }

    /// The backup names a command would pick from now to a few seconds on (`base` + `.<kind>-<time>`).
    private static func names(_ base: String, _ kind: String, seconds: Int = 3) -> [String] {
        let now = Date().timeIntervalSince1970.rounded(.down)
        return (0..<seconds).map { base + ".\(kind)-" + TimeText.compact(now + Double($0)) }
    }

    @Test func initForceNeverOverwritesAnEarlierBackupMadeWithinTheSameSecond() throws {
        let env = ["https_proxy": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9"]
        let original = try dir.write("rules.json", #"{"favorites": ["solana"]}"#)
        let taken = Self.names(original, "bak")
        for name in taken { try "earlier backup \(name)".write(toFile: name, atomically: true, encoding: .utf8) }
        let first = try Binary.run(["init", "--yes", "--force", "--favorites", "bitcoin", "--rules", original], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Binary.run(["init", "--yes", "--force", "--favorites", "bitcoin", "--rules", original], environment: env)
        #expect(second.status == 0, "\(second.stderr)")
        for name in taken { #expect((try? String(contentsOfFile: name, encoding: .utf8)) == "earlier backup \(name)") }
        let backups = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("rules.json.bak-") }
        #expect(backups.count == taken.count + 2, "\(backups)")
        #expect(backups.contains { dir.read($0) == #"{"favorites": ["solana"]}"# }, "the user's own rules are kept")
    }

    @Test func aDamagedHistoryStoreIsMovedAsideWithoutOverwritingAnEarlierOne() throws {
        let server = try LoopbackServer { request in
            if request.path.hasSuffix("/coins/markets") {
                return (try? Fixtures.bytes("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"))
                    .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
            }
            if request.path.hasSuffix("/market_chart") {
                return (try? HistoryCaptures.capture("coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json"))
                    .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
            }
            return .notFound
        }
        try dir.write("rules.json", #"{"providers": [{"name": "coingecko", "base_url": "\#(server.baseURL)/api/v3", "timeout": "5s"}], "favorites": ["bitcoin"]}"#)
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        let store = dir.path + "/cache/history.sqlite"
        let taken = Self.names(store, "corrupt")
        for name in taken { try "earlier \(name)".write(toFile: name, atomically: true, encoding: .utf8) }
        try String(repeating: "not a database ", count: 300).write(toFile: store, atomically: true, encoding: .utf8)
        let run = try Binary.run(["show", "bitcoin", "--range", "30d", "--rules", rulesPath, "--state", statePath],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("was not usable") && run.stderr.contains("moved it to \(taken[0])-2")
                || taken.dropFirst().contains { run.stderr.contains("moved it to \($0)-2") }, "\(run.stderr)")
        for name in taken { #expect((try? String(contentsOfFile: name, encoding: .utf8)) == "earlier \(name)") }
    }

    // MARK: - Commands: provider text as an option or a program, the environment, signals (SPEC §3)

    /// A `/coins/markets` answer for bitcoin whose name and symbol are `name` and `symbol`.
    private static func hostileMarket(name: String, symbol: String) -> Reply {
        Reply.json(#"[{"id":"bitcoin","symbol":\#(JSONOut.quote(symbol)),"name":\#(JSONOut.quote(name)),"current_price":90,"market_cap":1000000,"market_cap_rank":1,"price_change_percentage_24h":-5.5,"total_volume":5000,"last_updated":"2026-11-29T12:00:00.000Z"}]"#)
    }

    private func writeCommandRules(argv: [String], extra: String = "") throws {
        let items = argv.map { JSONOut.quote($0) }.joined(separator: ", ")
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                                                   defaults: #"{"notify": ["run"]}"#,
                                                   sinks: #"{"run": {"type": "command", "argv": [\#(items)]\#(extra)}}"#))
    }

    @Test func noSubstitutedArgumentBeginsWithADashUnlessTheTemplatePutItThere() throws {
        market.script(Self.hostileMarket(name: "--help", symbol: "-rf"))
        try script("args.sh", #"printf '%s\n' "$@" > "\#(dir.path)/args.txt""#)
        try writeCommandRules(argv: ["./args.sh", "{name}", "{symbol}", "{message}", "{change_24h}", "--name={name}", "-v", "{{-x"])
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        let args = (dir.read("args.txt") ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(args.count == 7, "\(args)")
        #expect(args.filter { $0.hasPrefix("-") } == ["--name=--help", "-v"], "only the template's own dashes: \(args)")
        #expect(args.first == " --help" && args.dropFirst().first == " -RF", "the value itself is kept, a space before it: \(args)")
        #expect(args.dropFirst(2).first?.hasPrefix(" -RF") == true && args.dropFirst(3).first?.hasPrefix(" -5.5") == true, "\(args)")
        #expect(args.last == "{-x")
    }

    @Test func checkRefusesAPlaceholderInTheProgramName() throws {
        try writeCommandRules(argv: ["./hooks/{name}.sh", "{symbol}"])
        let run = try Binary.run(["check", "--rules", rulesPath, "--state", statePath])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("sinks.run.argv[0]") && run.stderr.contains("the program cannot hold a placeholder"), "\(run.stderr)")
        market.set("bitcoin", price: 90)
        let pass = try pass()
        #expect(pass.status == 65 && pass.stdout.isEmpty, "a pass refuses the file too: \(pass.stderr)")
        try writeCommandRules(argv: ["./hooks/run.sh", "{name}"])
        #expect(try Binary.run(["check", "--rules", rulesPath, "--state", statePath]).status == 0, "a placeholder after the program is fine")
    }

    @Test func theProgramGetsOnlyTheNamedPartOfTheEnvironment() throws {
        market.set("bitcoin", price: 90)
        try script("env.sh", #"env | sort > "\#(dir.path)/env.txt""#)
        try writeCommandRules(argv: ["./env.sh"], extra: #", "env": ["DISPLAY"]"#)
        let run = try pass(environment: ["COINGECKO_API_KEY": "s3cret-key", "SLACK_WEBHOOK_URL": "https://hooks.slack.com/s3cret",
                                         "DISPLAY": ":0", "LANG": "C.UTF-8", "LC_TIME": "C", "COINWATCH_EXTRA": "x"])
        #expect(run.status == 0, "\(run.stderr)")
        let names = Set((dir.read("env.txt") ?? "").split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(!names.contains("COINGECKO_API_KEY") && !names.contains("SLACK_WEBHOOK_URL") && !names.contains("NO_COLOR"), "\(names)")
        for name in ["PATH", "HOME", "TZ", "LANG", "LC_TIME", "DISPLAY", "COINWATCH_EXTRA", "COINWATCH_RULE", "COINWATCH_MESSAGE"] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        try writeCommandRules(argv: ["./env.sh"], extra: #", "env": ["1BAD"]"#)
        let check = try Binary.run(["check", "--rules", rulesPath, "--state", statePath])
        #expect(check.status == 65 && check.stderr.contains("sinks.run.env[0]"), "\(check.stderr)")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalThatStopsOnceEndsTheRunningCommandsProcessGroup(_ signal: Int32) throws {
        market.set("bitcoin", price: 90)
        try script("hang.sh", """
        sleep 30 &
        echo $! > "\(dir.path)/child.pid"
        echo $$ > "\(dir.path)/program.pid"
        wait
        """)
        try writeCommandRules(argv: ["./hang.sh"], extra: #", "timeout": "1m""#)
        let run = try RunningBinary(["--once", "--rules", rulesPath, "--state", statePath])
        // Each file holds its pid, not only exists (the shell creates it before `echo` writes it).
        let written = { (file: String) in Int32((dir.read(file) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(Eventually.wait(timeout: 10) { written("child.pid") != nil && written("program.pid") != nil }, "\(run.stderr)")
        run.send(signal)
        #expect(run.waitForEnd(timeout: 10), "coinwatch ended on the signal: \(run.stderr)")
        for file in ["child.pid", "program.pid"] {
            let pid = try #require(written(file))
            #expect(Eventually.wait(timeout: 15) { !Self.running(pid) }, "\(file) \(pid) was ended with coinwatch")
            if Self.running(pid) { kill(pid, SIGKILL) }
        }
    }

    /// Whether `pid` is a live process (not gone, not a zombie).
    private static func running(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return stat.split(separator: ")").last.map { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("Z") } ?? false
    }

    // MARK: - Provider text in every chat format (SPEC §3)

    @Test func providerMarkupReadsAsLiteralTextInEveryChatFormat() throws {
        let receiver = try WebhookReceiver()
        let name = #"[Claim airdrop](https://evil.example) **bold** ||spoiler|| <!channel> <a href="https://evil.example">x</a> _i_ # head"#
        market.script(Self.hostileMarket(name: name, symbol: "btc"))
        let formats = ["slack", "discord", "telegram", "ntfy", "teams", "pushover", "gotify", "matrix"]
        let extra = ["telegram": #", "chat_id": 1"#, "pushover": #", "token": "t", "user": "u""#, "gotify": #", "token": "t""#,
                     "matrix": #", "token": "t", "room": "!r:x""#]
        let sinks = formats.map { #""\#($0)": {"type": "webhook", "format": "\#($0)", "url": "\#(receiver.url("/" + $0))"\#(extra[$0] ?? "")}"# }
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "message": "{name} is below {threshold}"}"#,
            defaults: #"{"notify": [\#(formats.map { "\"\($0)\"" }.joined(separator: ", "))]}"#, sinks: "{" + sinks.joined(separator: ", ") + "}"))
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        func request(_ format: String) -> RecordedRequest? { receiver.requests.first { $0.path.hasPrefix("/" + format) } }
        func json(_ format: String) -> [String: Any] {
            (request(format).flatMap { try? JSONSerialization.jsonObject(with: Data($0.bodyText.utf8)) } as? [String: Any]) ?? [:]
        }
        #expect(receiver.requests.count == formats.count)
        // Discord: every markdown character escaped; what is left once the escapes are read holds no markup.
        let embeds = json("discord")["embeds"] as? [[String: Any]] ?? []
        let description = embeds.first?["description"] as? String ?? ""
        #expect(description.contains(#"\[Claim airdrop\]\(https\://evil.example\)"#) && description.contains(#"\*\*bold\*\*"#)
                && description.contains(#"\|\|spoiler\|\|"#), "\(description)")
        #expect(Self.unescapedMarkdown(description).isEmpty && !description.replacingOccurrences(of: "\\://", with: "").contains("://"), "\(description)")
        // Teams: the line is a TextRun (plain text); the only TextBlock, which reads markdown, is coinwatch's title.
        let teams = request("teams")?.bodyText ?? ""
        #expect(teams.components(separatedBy: #""type":"TextBlock""#).count == 2 && teams.contains(#""type":"TextRun","text":"▼ [Claim airdrop]"#), "\(teams)")
        // Slack and Telegram: no raw < (links, mentions, HTML tags) from the name.
        let slack = ((json("slack")["attachments"] as? [[String: Any]])?.first?["fallback"] as? String) ?? ""
        #expect(slack.contains("&lt;!channel&gt;") && !slack.contains("<"), "\(slack)")
        // The one anchor in Telegram's and Matrix's HTML is coinwatch's own link to the coin's page (SPEC §4 url).
        let anchor = #" · <a href="https://www.coingecko.com/en/coins/bitcoin">coingecko</a>"#
        let telegram = json("telegram")["text"] as? String ?? ""
        #expect(telegram.contains("&lt;a href=") && telegram.hasSuffix(anchor) && !telegram.dropLast(anchor.count).contains("<"), "\(telegram)")
        let formatted = json("matrix")["formatted_body"] as? String ?? ""
        #expect(formatted.contains("&lt;a href=") && formatted.hasSuffix(anchor) && !formatted.dropLast(anchor.count).contains("<"), "\(formatted)")
        // ntfy, Gotify, Pushover: plain text, never a rich-text mode (Gotify's only extra opens the page).
        #expect(request("ntfy")?.header("Markdown") == nil && request("ntfy")?.header("X-Markdown") == nil)
        #expect((json("gotify")["extras"] as? [String: Any]).map { Array($0.keys) } == ["client::notification"] && json("pushover")["html"] == nil)
        for format in ["matrix", "gotify", "pushover"] {
            #expect(((json(format)["body"] ?? json(format)["message"]) as? String)?.hasPrefix("▼ " + name + " is below $100.00 · lo · ") == true,
                    "\(format)")
        }
        #expect(request("ntfy")?.bodyText.hasPrefix("▼ " + name + " is below $100.00 · lo · ") == true)
    }

    /// Slack's mrkdwn and Google Chat's text have no backslash escape: a zero-width space after every styling
    /// character keeps a provider's `~Scam~ *Coin*` from striking or bolding anything (SPEC §3), and reads as typed.
    @Test func providerStylingReadsAsLiteralTextInSlackAndGoogleChat() throws {
        let receiver = try WebhookReceiver()
        let name = "~Scam~ *Coin* `code`"
        market.script(Self.hostileMarket(name: name, symbol: "_pump_"))
        let formats = ["slack", "googlechat"]
        let sinks = formats.map { #""\#($0)": {"type": "webhook", "format": "\#($0)", "url": "\#(receiver.url("/" + $0))"}"# }
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "message": "{name} ({symbol}) is below {threshold}"}"#,
            defaults: #"{"notify": ["slack", "googlechat"]}"#, sinks: "{" + sinks.joined(separator: ", ") + "}"))
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        func json(_ format: String) -> [String: Any] {
            (receiver.requests.first { $0.path.hasPrefix("/" + format) }.flatMap { try? JSONSerialization.jsonObject(with: Data($0.bodyText.utf8)) }
                as? [String: Any]) ?? [:]
        }
        let attachment = (json("slack")["attachments"] as? [[String: Any]])?.first ?? [:]
        let section = ((attachment["blocks"] as? [[String: Any]])?.first?["text"] as? [String: Any])?["text"] as? String ?? ""
        let title = json("slack")["text"] as? String ?? ""
        #expect(title.replacingOccurrences(of: "\u{200B}", with: "") == "coinwatch: _PUMP_ lo" && Self.unbrokenStyling(title).isEmpty, "\(title)")
        let texts = [attachment["fallback"] as? String ?? "", section, json("googlechat")["text"] as? String ?? ""]
        for text in texts {
            #expect(Self.unbrokenStyling(text).isEmpty, "\(text)")
            #expect(text.replacingOccurrences(of: "\u{200B}", with: "").hasPrefix("▼ \(name) (_PUMP_) is below $100.00"), "\(text)")
        }
    }

    /// The styling characters of `text` (`*`, `_`, `~`, `` ` ``) not followed by a zero-width space.
    private static func unbrokenStyling(_ text: String) -> [Character] {
        let characters = Array(text)
        return characters.indices.filter { "*_~`".contains(characters[$0]) && characters.dropFirst($0 + 1).first != "\u{200B}" }
            .map { characters[$0] }
    }

    /// The Discord markup characters of `text` left once every backslash escape is taken out.
    private static func unescapedMarkdown(_ text: String) -> [Character] {
        var left: [Character] = []
        var escaped = false
        for character in text {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if "*_~`|[]()<>#".contains(character) { left.append(character) }
        }
        return left
    }
}
