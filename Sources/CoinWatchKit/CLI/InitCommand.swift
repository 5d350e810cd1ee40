#if canImport(Glibc)
import Glibc
#endif

/// `coinwatch init [--favorites LIST] [--sink FORMAT] [--yes] [--force]` (SPEC §11): writes a
/// starter rules.json that passes `check` — `$schema`, the favorites (resolved as `favorites add`
/// resolves them), a crossing, a 24h-move and a new-high rule per favorite, a file log, and with
/// `--sink` a webhook of that format whose URL is `${COINWATCH_WEBHOOK_URL}`. On a terminal
/// without `--yes` it asks for what the flags did not give. It never overwrites without `--force`
/// (the old file is then moved aside as `.bak-<time>`).
enum InitCommand {
    /// The favorites when none are given.
    static let defaultFavorites = ["bitcoin", "ethereum"]
    /// The environment variable the starter webhook's URL comes from.
    static let urlVariable = "COINWATCH_WEBHOOK_URL"

    static func run(_ context: CommandContext) -> ExitCode {
        guard context.arguments.positionals.isEmpty else {
            context.io.err("Error: 'init' takes no arguments; give favorites with --favorites bitcoin,ethereum.\n")
            return .usage
        }
        let path = target(context)
        var favorites = context.arguments.favoritesList
        var format = context.arguments.sink
        let asking = !context.arguments.yes && isatty(0) == 1 && context.io.stdoutIsTTY
        if asking, favorites == nil {
            favorites = ask(context, "Favorites, comma-separated ids, symbols or names [\(defaultFavorites.joined(separator: ","))]: ")
                .map(list)
        }
        if asking, format == nil {
            let formats = WebhookConfig.Format.allCases.map(\.rawValue).joined(separator: ", ")
            format = ask(context, "Chat sink format (\(formats)), or empty for none: ")
        }
        let chosenFavorites = (favorites?.isEmpty ?? true) ? defaultFavorites : favorites ?? defaultFavorites
        var webhook: WebhookConfig.Format?
        if let format, !format.isEmpty {
            guard let known = WebhookConfig.Format(rawValue: format.lowercased()) else {
                let names = WebhookConfig.Format.allCases.map(\.rawValue)
                context.io.err("Error: Unknown sink format '\(format)'.\(Suggestion.phrase(for: format, in: names)) Use one of \(names.joined(separator: ", ")).\n")
                return .usage
            }
            webhook = known
        }
        if Paths.exists(path), !context.arguments.force {
            context.io.err("coinwatch: \(path) already exists; not overwritten. Use --force to replace it (the old one is moved aside as .bak-<time>).\n")
            return .failure
        }
        let resolved = resolve(chosenFavorites, context: context)
        let text = document(favorites: resolved.map(\.favorite), prices: resolved.map(\.price), format: webhook)
        let folder = POSIXFile.folder(of: path)
        if let problem = POSIXFile.makeFolders(folder) {
            context.io.err("coinwatch: cannot write \(path): \(problem); choose another place with --rules PATH\n")
            return .failure
        }
        var movedTo: String?
        if Paths.exists(path) {
            let backup = path + ".bak-" + TimeText.compact(context.clock.now().timeIntervalSince1970)
            guard rename(path, backup) == 0 else {
                context.io.err("coinwatch: cannot move \(path) aside: \(POSIXFile.lastError()); nothing written\n")
                return .failure
            }
            movedTo = backup
        }
        do {
            try StateStore.replace(path, with: Array(text.utf8), mode: 0o644)
        } catch {
            var detail = error.message
            if case .writeFailed(_, let reason) = error { detail = reason }
            context.io.err("coinwatch: cannot write \(path): \(detail); choose another place with --rules PATH\n")
            return .failure
        }
        if !context.arguments.quiet {
            var out = "wrote \(path): \(resolved.count) favorite(s), \(resolved.filter { $0.price != nil }.count * 3 + resolved.filter { $0.price == nil }.count * 2) rule(s)"
            if let movedTo { out += "; the old file is at \(movedTo)" }
            out += "\nnext: "
            if let webhook { out += "export \(urlVariable)=<your \(webhook.rawValue) URL>, then " }
            out += "coinwatch check --rules \(path), then coinwatch --once --baseline --rules \(path)\n"
            context.io.out(out)
        }
        return .success
    }

    /// `--rules`, else `$XDG_CONFIG_HOME/coinwatch/rules.json` (`~/.config/…`), never `./rules.json`.
    static func target(_ context: CommandContext) -> String {
        let environment = context.io.environment
        if let flag = context.arguments.rulesPath { return Paths.absolute(flag, environment: environment) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Paths.home(environment) + "/.config"
        return Paths.absolute(config, environment: environment) + "/coinwatch/rules.json"
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

    /// Each favorite as CoinGecko's search resolves it, with its price; one warning for each it cannot
    /// resolve (offline, or unknown), which is then written as given.
    static func resolve(_ favorites: [String], context: CommandContext) -> [Resolved] {
        var session = WatchSession.open(context, rules: RulesFile(path: target(context)))
        defer { session.finish() }
        var ids: [String] = []
        for favorite in favorites {
            switch SearchCommand.search(favorite, provider: .coingecko, limit: 100, session: &session) {
            case .success(let hits):
                if let hit = CatalogCoin.best(for: favorite, in: hits) {
                    ids.append(hit.id)
                } else {
                    context.io.err("coinwatch: warning: no coin matches '\(favorite)'; written as given (find it with 'coinwatch search \(favorite)')\n")
                    ids.append(favorite)
                }
            case .failure(let error):
                context.io.err("coinwatch: warning: cannot resolve '\(favorite)' (\(session.describe(error))); written as given\n")
                ids.append(favorite)
            }
        }
        ids = ids.uniqued()
        let fetched = RunCommand.makePass(context, rules: session.rules).fetcher
            .fetch(favorites: ids, vs: session.rules.vsCurrency, memory: &session.state.memory, now: session.now)
        return ids.map { Resolved(favorite: $0, price: fetched.quotes[$0]?.price) }
    }

    /// The starter file's text.
    static func document(favorites: [String], prices: [Double?], format: WebhookConfig.Format?) -> String {
        var rules: [String] = []
        for (favorite, price) in zip(favorites, prices) {
            let id = ruleID(favorite)
            let coin = JSONOut.quote(favorite)
            if let price, let line = roundAbove(price) {
                rules.append(#"    {"id": "\#(id)-cross", "coin": \#(coin), "when": {"crosses": \#(JSONOut.number(line))}, "cooldown": "1h"}"#)
            }
            rules.append(#"    {"id": "\#(id)-move", "coin": \#(coin), "when": {"change_24h_abs": 10}, "cooldown": "6h"}"#)
            rules.append(#"    {"id": "\#(id)-high", "coin": \#(coin), "when": {"new_high": "24h"}, "cooldown": "6h"}"#)
        }
        var sinks = [#"    "log": {"type": "file", "path": "alerts.jsonl"}"#]
        var notify = [#""stdout""#, #""log""#]
        if let format {
            var sink = #"    "chat": {"type": "webhook", "format": "\#(format.rawValue)", "url": "${\#(urlVariable)}""#
            if format == .telegram { sink += #", "chat_id": "${TELEGRAM_CHAT_ID}""# }
            sinks.append(sink + "}")
            notify.append(#""chat""#)
        }
        return """
        {
          "$schema": "./rules.schema.json",
          "vs_currency": "usd",
          "interval": "60s",
          "favorites": [\(favorites.map(JSONOut.quote).joined(separator: ", "))],
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

    /// A rule id from a favorite: its letters, digits, `.`, `_` and `-`, others as `-`, at most 50.
    static func ruleID(_ favorite: String) -> String {
        let id = String(favorite.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" }.prefix(50))
        return id.isEmpty ? "coin" : id
    }

    /// A round price about 10% above `price` (two significant digits), nil when not a usable price.
    static func roundAbove(_ price: Double) -> Double? {
        guard price.isFinite, price > 0, price < 1e15 else { return nil }
        let target = price * 1.1
        let magnitude = pow(10, (log10(target)).rounded(.down) - 1)
        return (target / magnitude).rounded(.up) * magnitude
    }
}
