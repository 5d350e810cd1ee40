/// `coinwatch favorites list | add COIN... | remove [--force] COIN...`. `add` and `remove` edit
/// rules.json in place: parse, change the tree, validate the result as a whole, then replace
/// the file atomically (`FavoritesCommand+Edit.swift`).
enum FavoritesCommand {
    static let actions = ["list", "add", "remove"]

    static func run(_ context: CommandContext) -> ExitCode {
        let positionals = context.arguments.positionals
        guard let action = positionals.first else {
            context.io.err("Error: Missing favorites command: 'list', 'add COIN...' or 'remove COIN...'.\n")
            return .usage
        }
        let coins = positionals.dropFirst().map(\.trimmingSpaces)
        if context.arguments.force && action != "remove" {
            context.io.err("Error: '--force' applies only to 'favorites remove'.\n")
            return .usage
        }
        switch action {
        case "list":
            guard coins.isEmpty else {
                context.io.err("Error: 'favorites list' takes no coins; did you mean 'favorites add'?\n")
                return .usage
            }
            return list(context)
        case "add", "remove":
            guard !coins.isEmpty, !coins.contains(where: \.isEmpty) else {
                context.io.err("Error: Missing coin. Usage: coinwatch favorites \(action) COIN...\n")
                return .usage
            }
            return action == "add" ? add(coins, context: context) : remove(coins, context: context)
        default:
            context.io.err("Error: Unknown favorites command '\(action)'.\(Suggestion.phrase(for: action, in: actions)) Use list, add or remove.\n")
            return .usage
        }
    }

    /// Prints each favorite with the rules that name it (`"*"` rules apply to all and are not listed).
    private static func list(_ context: CommandContext) -> ExitCode {
        let rules: RulesFile
        switch context.loadRules(tolerateUnsetVariables: true) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        guard !context.arguments.quiet else { return .success }
        let naming = { (favorite: String) in rules.rules.filter { $0.coin == favorite }.map(\.id) }
        if context.arguments.json {
            let items = rules.favorites.map { favorite in
                var o = JSONOut()
                o.add("coin", favorite)
                o.addRaw("rules", JSONOut.array(naming(favorite).map(JSONOut.quote)))
                return o.text
            }
            var doc = JSONOut()
            doc.add("rules_file", context.rulesPath)
            doc.addRaw("favorites", JSONOut.array(items))
            context.io.out(doc.text + "\n")
            return .success
        }
        guard !rules.favorites.isEmpty else {
            context.io.out("No favorites in \(context.rulesPath); add one with 'coinwatch favorites add COIN'.\n")
            return .success
        }
        var out = ""
        for favorite in rules.favorites {
            let ids = naming(favorite)
            let detail = ids.isEmpty ? "no rules" : (ids.count == 1 ? "rule " : "rules ") + ids.joined(separator: ", ")
            out += TextCell.left(favorite, 24) + "  " + TextCell.fit(detail, 54) + "\n"
        }
        context.io.out(out)
        return .success
    }
}
