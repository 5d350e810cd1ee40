import CoinWatchSupport
import CoinWatchRules
/// `coinwatch favorites list | add COIN... | remove [--force] COIN...`; `add` and `remove` edit
/// rules.json in place (`FavoritesCommand+Edit.swift`).
enum FavoritesCommand {
    static let actions = ["list", "add", "remove"]

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let positionals = context.arguments.positionals
        guard let action = positionals.first else {
            throw context.usage("Error: Missing favorites command: 'list', 'add COIN...' or 'remove COIN...'.")
        }
        let coins = positionals.dropFirst().map(\.trimmingSpaces)
        if context.arguments.force && action != "remove" {
            throw context.usage("Error: '--force' applies only to 'favorites remove'.")
        }
        switch action {
        case "list":
            guard coins.isEmpty else {
                throw context.usage("Error: 'favorites list' takes no coins; did you mean 'favorites add'?")
            }
            return try list(context)
        case "add", "remove":
            guard !coins.isEmpty, !coins.contains(where: \.isEmpty) else {
                throw context.usage("Error: Missing coin. Usage: coinwatch favorites \(action) COIN...")
            }
            return action == "add" ? try add(coins, context: context) : try remove(coins, context: context)
        default:
            throw context.usage("Error: Unknown favorites command '\(action)'.\(Suggestion.phrase(for: action, in: actions)) Use list, add or remove.")
        }
    }

    /// Prints each favorite with its price and 24h change (as `watch` fetches) and every rule that
    /// covers it; exit 1 when no provider quoted some favorite.
    private static func list(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let rules = try context.loadRules(tolerateUnsetVariables: true)
        guard !context.arguments.quiet else { return .success }
        guard !rules.favorites.isEmpty else {
            if context.arguments.json {
                context.io.out(listJSON([], rulesFile: context.rulesPath) + "\n")
            } else {
                context.io.out("No favorites in \(context.rulesPath); add one with 'coinwatch favorites add COIN'.\n")
            }
            return .success
        }
        let (table, code) = WatchCommand.fetch(context, rules: rules)
        if context.arguments.json {
            context.io.out(listJSON(table.rows, rulesFile: context.rulesPath) + "\n")
            return code
        }
        var out = ""
        for row in table.rows {
            let ids = row.rules.map(\.rule)
            let detail = ids.isEmpty ? "no rules" : (ids.count == 1 ? "rule " : "rules ") + ids.joined(separator: ", ")
            let price = row.quote.map { NumberText.money($0.price, vs: rules.vsCurrency) } ?? "no quote"
            out += TextCell.left(row.coin, 24) + " " + TextCell.right(price, 14) + " "
                + WatchTable.change(row.quote?.change24h, color: context.color) + "  " + TextCell.fit(detail, 54) + "\n"
        }
        context.io.out(out)
        return code
    }

    /// `{"rules_file", "favorites": [{"coin", "symbol", "name", "price", "change_24h", "rules"}]}`
    /// (null figures for a favorite no provider quoted).
    static func listJSON(_ rows: [WatchTable.Row], rulesFile: String) -> String {
        let items = rows.map { row in
            var o = JSONOut()
            WatchTable.addQuoteFields(of: row, to: &o)
            o.addRaw("rules", JSONOut.array(row.rules.map { JSONOut.quote($0.rule) }))
            return o.text
        }
        var doc = JSONOut()
        doc.add("rules_file", rulesFile)
        doc.addRaw("favorites", JSONOut.array(items))
        return doc.text
    }
}
