import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import Glibc

/// `coinwatch init` (SPEC §11): writes the starter rules.json `document` describes, the favorites
/// resolved as `favorites add` resolves them; on a terminal without `--yes` it asks what flags did not give.
enum InitCommand {
    /// The favorites when none are given.
    static let defaultFavorites = ["bitcoin", "ethereum"]
    /// The environment variable the starter webhook's URL comes from.
    static let urlVariable = "COINWATCH_WEBHOOK_URL"

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let path = target(context)
        if POSIXFile.exists(path), !context.arguments.force {
            throw context.fail(.failure, "coinwatch: \(path) already exists; not overwritten. Use --force to replace it (the old one is moved aside as .bak-<time>).")
        }
        let favorites = context.arguments.favoritesList
        var format = context.arguments.sink
        let asking = !context.arguments.yes && isatty(0) == 1 && context.io.stdoutIsTTY
        var session = WatchSession.open(context, rules: RulesFile(path: path))
        defer { session.finish() }
        // On a terminal, each favorite is looked up as it is typed, so a wrong pick shows at once.
        let picked = asking && favorites == nil ? askFavorites(context, session: &session) : nil
        var variable = urlVariable
        if asking, format == nil {
            format = askFormat(context)
            if let format, !format.isEmpty { variable = askVariable(context) }
        }
        let chosenFavorites = favorites.flatMap { $0.isEmpty ? nil : $0 } ?? defaultFavorites
        let webhook = format.flatMap { WebhookConfig.Format(rawValue: $0.lowercased()) }
        if let format, !format.isEmpty, webhook == nil {
            let names = SinkFormats.names
            throw context.usage("Error: Unknown sink format '\(format)'.\(Suggestion.phrase(for: format, in: names)) Use one of \(names.joined(separator: ", ")).")
        }
        let ids = picked.flatMap { $0.isEmpty ? nil : $0 } ?? chosenFavorites.map { search($0, session: &session).id }
        let resolved = priced(ids.uniqued(), session: &session)
        let url = context.io.environment[variable] ?? ""
        let learned = webhook.map { url.isEmpty ? [:] : $0.type.starterFields(url: url, transport: context.transport) } ?? [:]
        let installed = installedSchema()
        func render(schema: String?) -> [UInt8] {
            Array(document(resolved, format: webhook, urlVariable: variable, logPath: POSIXFile.folder(of: context.statePath) + "/alerts.jsonl",
                           schema: schema, learned: learned).utf8)
        }
        var bytes = render(schema: installed ?? Self.schemaBeside)
        // It writes only what `check` passes (SPEC §11), checked as every edit of rules.json is: a favorite the
        // validator refuses ('*', 'portfolio', one given twice) stops it here, with the validator's own words.
        let errors = RulesEdit.errors(in: bytes, path: path, environment: context.environment(withPlaceholdersFor: bytes))
        if !errors.isEmpty {
            for diagnostic in errors { context.io.err("\(diagnostic.description)\n") }
            throw context.fail(.dataError, "coinwatch: init would write an invalid \(path) (positions above are in the text it would write); nothing was written")
        }
        let folder = POSIXFile.folder(of: path)
        if let problem = POSIXFile.makeFolders(folder) {
            throw context.fail(.failure, "coinwatch: cannot write \(path): \(problem); choose another place with --rules PATH")
        }
        let schemaWritten = installed == nil ? writeSchema(in: folder) : false
        if schemaWritten == nil { bytes = render(schema: nil) }
        var movedTo: String?
        if POSIXFile.exists(path) {
            do throws(POSIXFile.MoveAsideFailure) {
                movedTo = try POSIXFile.moveAside(path, base: path + ".bak-" + TimeText.compact(context.clock.now().timeIntervalSince1970))
            } catch {
                throw context.fail(.failure, "coinwatch: cannot move \(path) aside: \(error.detail); nothing written")
            }
        }
        if let failure = POSIXFile.replace(path, with: bytes, mode: 0o644) {
            // The old file goes back where it was (a full disk fails the write after the move): init loses nothing.
            let kept = movedTo.map { rename($0, path) == 0 ? " (the old file is back in its place)" : " (the old file is at \($0))" } ?? ""
            throw context.fail(.failure, "coinwatch: cannot write \(path)\(kept): \(StateError.detail(failure, flag: "--rules PATH"))")
        }
        if !context.arguments.quiet {
            var out = "wrote \(path): \(resolved.count) favorite(s), \(resolved.count * 3) rule(s)"
            if let movedTo { out += "; the old file is at \(movedTo)" }
            if schemaWritten == true { out += "\nwrote \(folder)/rules.schema.json for its $schema (an editor checks rules.json against it)" }
            for (favorite, id) in zip(resolved, ruleIDs(resolved.map(\.favorite))) where favorite.price == nil {
                out += "\nnote: \(id)-cross is written disabled (no price known for \(TerminalText.clean(favorite.favorite))): "
                    + "set its \"crosses\" level to a price you care about and remove \"enabled\": false"
            }
            for (key, value) in learned.sorted(by: { $0.key < $1.key }) {
                out += "\n\(webhook?.rawValue ?? ""): \(key) \(value), from the service's latest message"
            }
            out += "\nnext: "
            if let webhook {
                let extra = extraVariables(webhook).filter { learned[$0.key] == nil }
                out += "set \(variable)=<your \(webhook.rawValue) URL>"
                for (key, name) in extra { out += " \(name)=<its \(key)>" }
                out += " where the passes run (cron and systemd do not see your shell's exports: an EnvironmentFile=, "
                    + "or put the secret in a file and write \"${file:/absolute/path}\" in rules.json instead), then "
            }
            out += "coinwatch check --rules \(path), then coinwatch --once --baseline --rules \(path)\n"
            context.io.out(out)
        }
        return .success
    }

    /// `--rules`, else `$XDG_CONFIG_HOME/coinwatch/rules.json` (`~/.config/…`), never `./rules.json`.
    static func target(_ context: CommandContext) -> String {
        let environment = context.io.environment
        return context.arguments.rulesPath.map { Paths.absolute($0, environment: environment) }
            ?? Paths.configRules(environment: environment)
    }

    /// Asks for the chat sink's format until the answer is one (a typo gets a did-you-mean and the
    /// question again); empty or end of input: none.
    private static func askFormat(_ context: CommandContext) -> String? {
        let names = SinkFormats.names
        while let answer = ask(context, "Chat sink format (\(names.joined(separator: ", "))), or empty for none: ") {
            if answer.isEmpty || WebhookConfig.Format(rawValue: answer.lowercased()) != nil { return answer }
            context.io.out("  '\(SilenceTarget.shown(answer))' is not a sink format.\(Suggestion.phrase(for: answer, in: names))\n")
        }
        return nil
    }

    /// Asks for the variable that will hold the sink's URL until the answer is a variable name;
    /// empty or end of input: `COINWATCH_WEBHOOK_URL`.
    private static func askVariable(_ context: CommandContext) -> String {
        while let answer = ask(context, "Environment variable that will hold its URL [\(urlVariable)]: "), !answer.isEmpty {
            if EnvironmentExpander.isVariableName(answer) { return answer }
            context.io.out("  '\(SilenceTarget.shown(answer))' is not a variable name (letters, digits, _).\n")
        }
        return urlVariable
    }

    /// What `$schema` names when no schema is installed: rules.schema.json beside the rules (`writeSchema`).
    static let schemaBeside = "./rules.schema.json"

    /// Writes rules.schema.json in `folder` from the copy the binary carries: true; false when a file is there
    /// already (kept, never overwritten); nil when it cannot be written (then `$schema` names none).
    static func writeSchema(in folder: String) -> Bool? {
        let file = folder + "/rules.schema.json"
        if POSIXFile.exists(file) { return false }
        return POSIXFile.replace(file, with: PackageResources.rules_schema_json, mode: 0o644) == nil ? true : nil
    }

    /// The installed rules.schema.json (`<prefix>/share/coinwatch/` beside the binary's
    /// `<prefix>/bin/`), nil when there is none: `$schema` names only a file that exists.
    static func installedSchema() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let binary = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let prefix = POSIXFile.folder(of: POSIXFile.folder(of: binary))
        let schema = prefix + "/share/coinwatch/rules.schema.json"
        return POSIXFile.exists(schema) ? schema : nil
    }

    /// One answer from the terminal (nil at end of input).
    private static func ask(_ context: CommandContext, _ question: String) -> String? {
        context.io.out(question)
        return readLine()?.trimmingSpaces
    }

    /// `a, b,c` as `["a", "b", "c"]`.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// A favorite as it will be written, with its price when a provider quoted it.
    struct Resolved {
        var favorite: String
        var price: Double?
    }

    /// Asks for favorites one at a time, each looked up at once and the pick shown
    /// (`  → bitcoin (Bitcoin, BTC)`); an empty answer ends (the first: the defaults).
    private static func askFavorites(_ context: CommandContext, session: inout WatchSession) -> [String] {
        var ids: [String] = []
        while true {
            let prompt = ids.isEmpty ? "Favorite (id, symbol or name) [\(defaultFavorites.joined(separator: ", "))]: "
                : "Another favorite, or empty to finish: "
            guard let answer = ask(context, prompt), !answer.isEmpty else { return ids }
            for typed in list(answer) {
                let found = search(typed, session: &session)
                if let hit = found.hit { context.io.out("  → " + TerminalText.clean("\(hit.id) (\(hit.name), \(hit.symbol))") + "\n") }
                ids.append(found.id)
            }
        }
    }

    /// `favorite` as CoinGecko's search resolves it (its id, and the hit), else as given with one
    /// warning (offline, or unknown).
    static func search(_ favorite: String, session: inout WatchSession) -> (id: String, hit: CatalogCoin?) {
        let io = session.context.io
        switch SearchCommand.search(favorite, provider: SearchCommand.capable.first ?? ProviderRegistry.fallback, limit: 100, session: &session) {
        case .success(let hits):
            if let hit = CatalogCoin.best(for: favorite, in: hits) { return (hit.id, hit) }
            io.err("coinwatch: warning: no coin matches '\(favorite)'; written as given (find it with 'coinwatch search \(favorite)')\n")
        case .failure(let error):
            io.err("coinwatch: warning: cannot resolve '\(favorite)' (\(session.describe(error))); written as given\n")
        }
        return (favorite, nil)
    }

    /// Each id with its price where a provider quotes it (one batch), else as the state last recorded it.
    static func priced(_ ids: [String], session: inout WatchSession) -> [Resolved] {
        let fetched = RunCommand.makePass(session.context, rules: session.rules).fetcher
            .fetch(favorites: ids, vs: session.rules.vsCurrency, memory: &session.state.memory, now: session.now)
        // Offline, the last price an earlier pass recorded (the state) still places a crossing.
        return ids.map { Resolved(favorite: $0, price: fetched.quotes[$0]?.price ?? session.state.prices[$0]?.last?.price) }
    }

    /// The starter file's text; a favorite without a price gets its crossing rule disabled at level 0.
    static func document(_ favorites: [Resolved], format: WebhookConfig.Format?, urlVariable: String, logPath: String,
                         schema: String?, learned: [String: String]) -> String {
        var rules: [String] = []
        for (favorite, id) in zip(favorites, ruleIDs(favorites.map(\.favorite))) {
            let coin = JSONOut.quote(favorite.favorite)
            if let price = favorite.price, let line = roundAbove(price) {
                rules.append(#"    {"id": "\#(id)-cross", "coin": \#(coin), "when": {"crosses": \#(JSONOut.number(line))}, "cooldown": "1h"}"#)
            } else {
                rules.append(#"    {"id": "\#(id)-cross", "coin": \#(coin), "when": {"crosses": 0}, "cooldown": "1h", "enabled": false}"#)
            }
            rules.append(#"    {"id": "\#(id)-move", "coin": \#(coin), "when": {"change_24h_abs": 10}, "cooldown": "6h"}"#)
            rules.append(#"    {"id": "\#(id)-high", "coin": \#(coin), "when": {"new_high": "24h"}, "cooldown": "6h"}"#)
        }
        var sinks = [#"    "log": {"type": "file", "path": \#(JSONOut.quote(logPath))}"#]
        var notify = [#""stdout""#, #""log""#]
        if let format {
            var sink = #"    "chat": {"type": "webhook", "format": "\#(format.rawValue)", "url": "${\#(urlVariable)}""#
            for (key, variable) in extraVariables(format) {
                sink += #", "\#(key)": "# + (learned[key].map(JSONOut.quote) ?? #""${\#(variable)}""#)
            }
            sinks.append(sink + "}")
            notify.append(#""chat""#)
        }
        return """
        {
        \(schema.map { "  \"$schema\": \(JSONOut.quote($0)),\n" } ?? "")  "vs_currency": "usd",
          "interval": "60s",
          "favorites": [\(favorites.map { JSONOut.quote($0.favorite) }.joined(separator: ", "))],
          "defaults": {"cooldown": "1h", "notify": [\(notify.joined(separator: ", "))]},
          "rules": [
        \(rules.joined(separator: ",\n"))
          ],
          "sinks": {
        \(sinks.joined(separator: ",\n"))
          }
        }

        """
    }

    /// The fields besides `url` a format needs, each read from its own variable (`<FORMAT>_<FIELD>`).
    static func extraVariables(_ format: WebhookConfig.Format) -> [(key: String, variable: String)] {
        format.requiredFields.map { ($0, (format.rawValue + "_" + $0).uppercased()) }
    }

    /// A rule id from a favorite: its letters, digits, `.`, `_` and `-`, others as `-`, at most 50.
    static func ruleID(_ favorite: String) -> String {
        let id = String(favorite.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" }.prefix(50))
        return id.isEmpty ? "coin" : id
    }

    /// The rule id of each favorite, in order, all different: its `ruleID`, or, when an earlier favorite has the same,
    /// that id with the first suffix `-2`, `-3`, … that no favorite's own id and no earlier one takes.
    static func ruleIDs(_ favorites: [String]) -> [String] {
        let own = favorites.map(ruleID)
        var taken = Set<String>()
        let reserved = Set(own)
        return own.map { id in
            var unique = id
            var n = 2
            while taken.contains(unique) || (unique != id && reserved.contains(unique)) {
                unique = "\(id)-\(n)"
                n += 1
            }
            taken.insert(unique)
            return unique
        }
    }

    /// A round price about 10% above `price` (two significant digits), nil when not a usable price.
    static func roundAbove(_ price: Double) -> Double? {
        guard price.isFinite, price > 0, price < 1e15 else { return nil }
        let target = price * 1.1
        let magnitude = pow(10, (log10(target)).rounded(.down) - 1)
        return (target / magnitude).rounded(.up) * magnitude
    }
}
