import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchRules

/// `coinwatch init` (SPEC §11) through the binary. CoinGecko is unreachable here (https goes to a
/// closed local proxy port), so favorites are written as given, one warning each.
@Suite(.serialized) struct InitEndToEndTests {
    let dir: TempDir
    let proxy: ClosedPort
    var env: [String: String] { ["https_proxy": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL, "COINWATCH_WEBHOOK_URL": "https://discord.com/api/webhooks/1/x"] }

    init() throws {
        dir = try TempDir()
        proxy = try ClosedPort()
    }

    private func initialize(_ args: [String]) throws -> Binary.Run {
        try Binary.run(["init"] + args, environment: env)
    }

    @Test func initWritesAStarterRulesFileThatPassesCheck() throws {
        let path = dir.path + "/conf/rules.json"
        let run = try initialize(["--favorites", "bitcoin, ethereum", "--sink", "discord", "--yes", "--rules", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote \(path): 2 favorite(s)"), "\(run.stdout)")
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.hasPrefix("coinwatch: warning: cannot resolve '") && $0.hasSuffix("written as given") },
                "one warning per unresolved favorite: \(run.stderr)")
        let text = try #require(try? String(contentsOfFile: path, encoding: .utf8))
        // No schema is installed beside this binary (InstallTests: the installed one): the copy it carries is written beside the rules.
        #expect(text.contains(#""$schema": "./rules.schema.json""#), "\(text)")
        #expect(run.stdout.contains("wrote \(dir.path)/conf/rules.schema.json for its $schema"), "\(run.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/conf/rules.schema.json")) == Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/rules.schema.json")))
        #expect(text.contains(#""favorites": ["bitcoin", "ethereum"]"#))
        #expect(text.contains(#""change_24h_abs""#) && text.contains(#""new_high""#))
        #expect(text.contains(#""format": "discord", "url": "${COINWATCH_WEBHOOK_URL}""#), "\(text)")
        #expect(text.contains(#""type": "file""#))
        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/state.json"], environment: env)
        #expect(check.status == 0, "the starter passes check: \(check.stderr)")
    }

    @Test func aSchemaFileAlreadyBesideTheRulesIsKeptAndNamed() throws {
        let path = dir.path + "/kept/rules.json"
        try FileManager.default.createDirectory(atPath: dir.path + "/kept", withIntermediateDirectories: true)
        try #"{"title": "mine"}"#.write(toFile: dir.path + "/kept/rules.schema.json", atomically: true, encoding: .utf8)
        let run = try initialize(["--favorites", "bitcoin", "--yes", "--rules", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: dir.path + "/kept/rules.schema.json", encoding: .utf8) == #"{"title": "mine"}"#)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""$schema": "./rules.schema.json""#))
        #expect(!run.stdout.contains("rules.schema.json"), "\(run.stdout)")
    }

    @Test(arguments: SinkFormats.names)
    func everySinkFormatsStarterFilePassesCheckOnceItsVariablesAreSet(format: String) throws {
        let path = dir.path + "/\(format)/rules.json"
        let run = try initialize(["--favorites", "bitcoin", "--sink", format, "--yes", "--rules", path])
        #expect(run.status == 0, "\(run.stderr)")
        let variables = ["TELEGRAM_CHAT_ID": "-100123", "PUSHOVER_TOKEN": "a1", "PUSHOVER_USER": "u1",
                         "GOTIFY_TOKEN": "g1", "MATRIX_TOKEN": "m1", "MATRIX_ROOM": "!abc123:example.org"]
        let named = variables.keys.filter { run.stdout.contains($0 + "=") }
        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/\(format)/state.json"],
                                   environment: env.merging(variables.filter { named.contains($0.key) }) { $1 })
        #expect(check.status == 0, "the \(format) starter passes check with the variables init named: \(run.stdout) \(check.stderr)")
    }

    /// It writes only what `check` passes: a favorite the validator refuses (SPEC §2: `"*"` and `"portfolio"` are a
    /// rule's coin, not a coin's name; one given twice) stops it before anything is written, in the validator's words
    /// (`--favorites '*'` once wrote a rule '--cross' on every favorite).
    @Test func aFavoriteTheValidatorRefusesStopsInitBeforeAnythingIsWritten() throws {
        let path = dir.path + "/refused/rules.json"
        for (favorites, diagnostic) in [
            ("*", "favorites[0]: '*' is reserved: as a rule's coin it means every favorite; name a coin by its id, symbol or name"),
            ("bitcoin, Portfolio", "favorites[1]: 'Portfolio' is reserved: as a rule's coin it means the holdings' total"),
            ("btc, BTC", "favorites[1]: 'BTC' is already a favorite (favorites[0]; case is ignored)"),
        ] {
            let run = try initialize(["--favorites", favorites, "--yes", "--rules", path])
            #expect(run.status == 65, "\(favorites): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n").filter { !$0.contains("warning:") }.map(String.init)
            #expect(lines.first?.hasPrefix(path + ":5:") == true && lines.first?.contains(diagnostic) == true, "\(favorites): \(run.stderr)")
            #expect(lines.last == "coinwatch: init would write an invalid \(path) (positions above are in the text it would write); nothing was written")
            #expect(!FileManager.default.fileExists(atPath: dir.path + "/refused"), "nothing written, no folder made")
        }
    }

    /// Two favorites that make the same rule id ('Bit Coin' and 'bit-coin' both make bit-coin-…): the second one's
    /// rules get the suffix -2 (the first free one), so init succeeds and the file passes check.
    @Test func favoritesThatMakeTheSameRuleIdGetANumberedSuffix() throws {
        let path = dir.path + "/same/rules.json"
        let run = try initialize(["--favorites", "Bit Coin, bit-coin, bit-coin-2", "--yes", "--rules", path])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try #require(dir.read("same/rules.json"))
        for (id, coin) in [("bit-coin", "Bit Coin"), ("bit-coin-3", "bit-coin"), ("bit-coin-2", "bit-coin-2")] {
            #expect(text.contains(#"{"id": "\#(id)-move", "coin": "\#(coin)""#), "\(id): \(text)")
        }
        #expect(run.stdout.contains("note: bit-coin-3-cross is written disabled (no price known for bit-coin)"), "\(run.stdout)")
        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/same/state.json"], environment: env)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func initNeverOverwritesWithoutForceAndMovesTheOldFileAsideWithIt() throws {
        let path = try dir.write("rules.json", #"{"favorites": ["solana"]}"#)
        let refused = try initialize(["--yes", "--rules", path])
        #expect(refused.status == 1 && refused.stderr.contains("already exists; not overwritten. Use --force"), "\(refused.stderr)")
        #expect(dir.read("rules.json") == #"{"favorites": ["solana"]}"#)
        let forced = try initialize(["--yes", "--force", "--rules", path])
        #expect(forced.status == 0, "\(forced.stderr)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("rules.json.bak-") }
        #expect(backups.count == 1 && forced.stdout.contains("the old file is at \(dir.path)/\(backups[0])"))
        #expect(dir.read(backups[0]) == #"{"favorites": ["solana"]}"#)
        #expect(dir.read("rules.json")?.contains(#""bitcoin""#) == true, "the default favorites")
    }

    /// SPEC §11: init never loses what a user has. `--force` moves the old file aside before writing the new one; on a
    /// full disk the write failed after the move and left no rules.json at all (the old one only as a backup the
    /// error did not name), and the hint named --state.
    @Test func aForcedInitThatCannotWriteLeavesTheOldFileInItsPlace() throws {
        guard let disk = try TinyDisk.make() else {
            Issue.record("cannot mount a tmpfs here (needs root); the full-disk test did not run")
            return
        }
        let path = disk.path + "/rules.json"
        try #"{"favorites": ["solana"]}"#.write(toFile: path, atomically: false, encoding: .utf8)
        disk.fill()
        let run = try initialize(["--yes", "--force", "--rules", path, "--state", dir.path + "/state.json"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("warning:") }
        #expect(lines == ["coinwatch: cannot write \(path) (the old file is back in its place): No space left on device; "
                          + "free some disk space there or pass --rules PATH on another disk"], "\(run.stderr)")
        #expect((try? String(contentsOfFile: path, encoding: .utf8)) == #"{"favorites": ["solana"]}"#)
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0 != "filler" }
        #expect(left == ["rules.json"], "no backup, no temp file: \(left)")
    }

    @Test func initIntoAnUnwritableFolderSaysSoInOneLine() throws {
        let blocker = try dir.write("file", "not a folder")
        let run = try initialize(["--yes", "--rules", blocker + "/sub/rules.json"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("warning:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: cannot write \(blocker)/sub/rules.json: "), "\(run.stderr)")
    }

    @Test func anUnknownSinkFormatGetsADidYouMean() throws {
        let run = try initialize(["--yes", "--sink", "slak", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 64 && run.stderr.contains("Did you mean 'slack'?"), "\(run.stderr)")
        #expect(dir.read("rules.json") == nil)
    }

    /// `coinwatch ARGS` on a pseudo-terminal, answering each prompt as it appears.
    private func onTerminal(_ args: [String], answers: [(prompt: String, answer: String)]) throws -> (screen: String, status: Int) {
        let session = try PseudoTerminal.run(args, answers: answers, environment: env, in: dir)
        return (session.screen, session.status)
    }

    @Test func onATerminalInitAsksForFavoritesOneAtATimeASinkAndItsURLVariable() throws {
        let path = dir.path + "/rules.json"
        let (screen, status) = try onTerminal(["init", "--rules", path], answers: [
            ("Favorite (id, symbol or name) [bitcoin, ethereum]: ", "btc, eth"),
            ("Another favorite, or empty to finish: ", "dogecoin"),
            ("Another favorite, or empty to finish: ", ""),
            ("Chat sink format (", "slack"),
            ("Environment variable that will hold its URL [COINWATCH_WEBHOOK_URL]: ", "SLACK_URL"),
        ])
        #expect(status == 0, "\(screen)")
        // Each favorite is looked up as it is typed: offline here, so each says at once that it is kept as written.
        let btc = try #require(screen.range(of: "cannot resolve 'btc'"))
        let another = try #require(screen.range(of: "Another favorite"))
        #expect(btc.lowerBound < another.lowerBound, "the lookup answers before the next question:\n\(screen)")
        #expect(screen.contains("wrote \(path): 3 favorite(s)") && screen.contains("set SLACK_URL=<your slack URL>"), "\(screen)")
        let text = try #require(dir.read("rules.json"))
        #expect(text.contains(#""favorites": ["btc", "eth", "dogecoin"]"#) && text.contains(#""url": "${SLACK_URL}""#), "\(text)")
        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/state.json"], environment: ["SLACK_URL": "https://hooks.slack.com/x"])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Each answer is checked as it is given: a typo is asked again with a did-you-mean, and the
    /// answers before it are kept (issue 32 item 7).
    @Test func onATerminalATypoIsAskedAgainWithADidYouMean() throws {
        let path = dir.path + "/typo/rules.json"
        let (screen, status) = try onTerminal(["init", "--favorites", "bitcoin", "--rules", path], answers: [
            ("Chat sink format (", "telgram"),
            ("Chat sink format (", "telegram"),
            ("Environment variable that will hold its URL", "1TG"),
            ("Environment variable that will hold its URL", "TG_URL"),
        ])
        #expect(status == 0, "\(screen)")
        #expect(screen.contains("'telgram' is not a sink format. Did you mean 'telegram'?"), "\(screen)")
        #expect(screen.contains("'1TG' is not a variable name"), "\(screen)")
        let text = try #require(dir.read("typo/rules.json"), "\(screen)")
        #expect(text.contains(#""format": "telegram", "url": "${TG_URL}""#), "\(text)")
    }

    /// Offline, the starter keeps its crossing rule, disabled, and init says what to fill in; the
    /// file log goes under $XDG_STATE_HOME/coinwatch/, not beside the rules (issue 32 item 7).
    @Test func offlineTheCrossingRuleIsWrittenDisabledAndTheLogGoesUnderTheStateFolder() throws {
        let path = dir.path + "/conf/rules.json"
        let run = try Binary.run(["init", "--favorites", "bitcoin", "--yes", "--rules", path],
                                 environment: env.merging(["XDG_STATE_HOME": dir.path + "/state"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        let text = try #require(dir.read("conf/rules.json"))
        #expect(text.contains(#"{"id": "bitcoin-cross", "coin": "bitcoin", "when": {"crosses": 0}, "cooldown": "1h", "enabled": false}"#), "\(text)")
        #expect(run.stdout.contains(#"note: bitcoin-cross is written disabled (no price known for bitcoin): set its "crosses" level"#), "\(run.stdout)")
        #expect(text.contains(#""log": {"type": "file", "path": "\#(dir.path)/state/coinwatch/alerts.jsonl"}"#), "\(text)")
        #expect(run.stdout.contains("3 rule(s)"))
    }

    /// `--sink telegram` with the bot's URL set reads the chat id from the bot's latest message
    /// (`getUpdates`, a loopback stand-in for api.telegram.org), the URL written in any way the sink takes it: the
    /// format's own example (`…/bot<token>`, no `/sendMessage`) got no lookup.
    @Test(arguments: ["/bot123:abc/sendMessage", "/bot123:abc", "/bot123:abc/sendMessage/"])
    func telegramsChatIdIsReadFromTheBotsLatestMessage(path botPath: String) throws {
        let bot = try LoopbackServer { request in
            guard request.path == "/bot123:abc/getUpdates" else { return .notFound }
            return Reply.json(#"{"ok":true,"result":[{"update_id":7,"message":{"message_id":1,"chat":{"id":42,"type":"private"},"text":"hi"}},{"update_id":8,"message":{"message_id":2,"chat":{"id":-1001234567890,"type":"supergroup"},"text":"/start"}}]}"#)
        }
        let url = bot.baseURL + botPath
        let path = dir.path + "/tg/rules.json"
        let run = try Binary.run(["init", "--favorites", "bitcoin", "--sink", "telegram", "--yes", "--rules", path],
                                 environment: env.merging(["COINWATCH_WEBHOOK_URL": url]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        let text = try #require(dir.read("tg/rules.json"))
        #expect(text.contains(#""chat_id": "-1001234567890""#), "the latest message's chat: \(text)")
        #expect(!run.stdout.contains("TELEGRAM_CHAT_ID"), "nothing left to find: \(run.stdout)")
        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/tg/state.json"],
                                   environment: ["COINWATCH_WEBHOOK_URL": url])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func onATerminalAnExistingFileIsRefusedBeforeAnyQuestion() throws {
        let path = try dir.write("rules.json", #"{"favorites": ["solana"]}"#)
        let (screen, status) = try onTerminal(["init", "--rules", path], answers: [])
        #expect(status == 1 && screen.contains("already exists; not overwritten") && !screen.contains("Favorite ("), "\(screen)")
    }

    @Test func aCommandRunWithoutARulesFilePointsAtInit() throws {
        let run = try Binary.run(["check", "--rules", dir.path + "/missing.json"])
        #expect(run.status == 66 && run.stderr.contains("'coinwatch init'"), "\(run.stderr)")
        let pass = try Binary.run(["--once", "--rules", dir.path + "/missing.json", "--state", dir.path + "/s.json"])
        #expect(pass.status == 66 && pass.stderr.contains("'coinwatch init'"))
    }
}
