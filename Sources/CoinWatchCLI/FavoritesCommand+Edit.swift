import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
/// `favorites add` and `favorites remove`: rules.json is changed on the parsed tree, validated as a
/// whole, then atomically replaced with only the changed array elements differing byte for byte.
extension FavoritesCommand {
    /// rules.json as loaded, as bytes and as a tree.
    private struct Source {
        var rules: RulesFile
        var bytes: [UInt8]
        var editor: FavoritesEditor
    }

    /// Adds each coin the one way chat `/favorite add` does too (`FavoriteAddition`).
    static func add(_ coins: [String], context: CommandContext) throws(ExitCodeError) -> ExitCode {
        var source = try open(context)
        let addition = FavoriteAddition(providers: resolvers(context, rules: source.rules), settings: source.rules.providers,
                                        environment: context.io.environment, transport: context.transport)
        var session = addition.searcher.map { _ in WatchSession.open(context, rules: source.rules) }
        var memory = session?.state.memory ?? ProviderMemory()
        var failed = false
        var added: [Outcome] = []
        var already: [Outcome] = []
        for coin in coins {
            switch addition.add(coin, to: &source.editor, memory: &memory, now: session?.now ?? 0) {
            case .added(let favorite, let hit, let line):
                added.append(Outcome(input: coin, favorite: favorite, name: hit?.name, symbol: hit?.symbol, line: line))
            case .already(let favorite, let line):
                already.append(Outcome(input: coin, favorite: favorite, line: line))
            case .refused(let reason):
                context.io.err("coinwatch: \(reason)\n")
                failed = true
            }
        }
        session?.state.memory = memory
        session?.finish()
        if !added.isEmpty { try save(source, context: context) }
        if context.arguments.json {
            var doc = JSONOut()
            doc.addRaw("added", JSONOut.array(added.map(\.json)))
            doc.addRaw("already", JSONOut.array(already.map(\.json)))
            say(context, doc.text)
        } else {
            for outcome in already + added { say(context, outcome.line) }
        }
        return failed ? .failure : .success
    }

    /// The providers `add` (and `watch`'s `a`) resolve coins with, the first that can search asked:
    /// `--provider`, else rules.json's.
    static func resolvers(_ context: CommandContext, rules: RulesFile) -> [ProviderName] {
        context.arguments.provider.map { [$0] } ?? rules.providers.map(\.name)
    }

    /// Removes each favorite; refuses all (exit 65, file untouched) while rules name one, unless
    /// `--force`, which also removes those rules. A coin that is not a favorite: exit 1.
    static func remove(_ coins: [String], context: CommandContext) throws(ExitCodeError) -> ExitCode {
        var source = try open(context)
        let editor = source.editor
        var favoriteIndexes = Set<Int>()
        var ruleRefs: [FavoritesEditor.RuleRef] = []
        var refused = false
        var missing = false
        for coin in coins {
            guard let at = editor.favoriteIndex(coin) else {
                context.io.err("coinwatch: \(coin) is not a favorite in \(context.rulesPath).\(Suggestion.phrase(for: coin, in: editor.favorites))\n")
                missing = true
                continue
            }
            guard favoriteIndexes.insert(at).inserted else { continue }
            let naming = editor.rulesNaming(editor.favorites[at])
            if !naming.isEmpty, !context.arguments.force {
                let list = naming.map(\.description).joined(separator: ", ")
                context.io.err("coinwatch: cannot remove \(editor.favorites[at]): \(naming.count == 1 ? "rule" : "rules") \(list) \(naming.count == 1 ? "names" : "name") it; remove \(naming.count == 1 ? "that rule" : "those rules") first, or use --force to remove \(naming.count == 1 ? "it" : "them") too\n")
                refused = true
            }
            ruleRefs += naming.filter { !ruleRefs.contains($0) }
        }
        if refused { return .dataError }
        guard !favoriteIndexes.isEmpty else { return .failure }
        source.editor.remove(favoriteIndexes: favoriteIndexes, ruleIndexes: Set(ruleRefs.map(\.index)))
        try save(source, context: context)
        let removed = favoriteIndexes.sorted().map { editor.favorites[$0] }
        let rules = ruleRefs.sorted { $0.index < $1.index }
        if context.arguments.json {
            var doc = JSONOut()
            doc.addRaw("removed", JSONOut.array(removed.map(JSONOut.quote)))
            doc.addRaw("removed_rules", JSONOut.array(rules.map { JSONOut.quote($0.id) }))
            say(context, doc.text)
        } else {
            for favorite in removed { say(context, "removed \(favorite)") }
            for rule in rules { say(context, "removed rule \(rule.description)") }
        }
        return missing ? .failure : .success
    }

    /// Loads and validates rules.json (its errors: exit 65/66), then parses it into a tree.
    private static func open(_ context: CommandContext) throws(ExitCodeError) -> Source {
        let rules = try context.loadRules(tolerateUnsetVariables: true)
        do {
            let bytes = try FileReader.contents(of: context.rulesPath, limit: RulesValidator.maxFileBytes)
            let root = try JSONParser.parse(bytes)
            return Source(rules: rules, bytes: bytes, editor: FavoritesEditor(root: root, environment: context.io.environment))
        } catch let error as RulesLoadError {
            throw context.fail(error.exitCode, "coinwatch: \(error.description)")
        } catch {
            throw context.fail(.failure, "coinwatch: \(context.rulesPath) changed while coinwatch read it; run the command again")
        }
    }

    /// Validates the edited document and replaces the file; throws when that failed.
    private static func save(_ source: Source, context: CommandContext) throws(ExitCodeError) {
        let path = context.rulesPath
        let bytes = source.editor.edited(source.bytes)
        let errors = RulesEdit.errors(in: bytes, path: path, environment: context.environmentWithPlaceholders)
        if !errors.isEmpty {
            for diagnostic in errors { context.io.err("\(diagnostic.description)\n") }
            throw context.fail(.dataError, "coinwatch: the edit would make \(path) invalid (positions above are in the edited text); the file was not changed")
        }
        do {
            try RulesFileWriter.replace(path, with: bytes, expected: source.bytes)
        } catch {
            throw context.fail(.failure, "coinwatch: \(error.message)")
        }
    }

    /// What `add` did with one coin, as a line and as JSON.
    private struct Outcome {
        var input: String
        var favorite: String
        var name: String?
        var symbol: String?
        var line: String

        var json: String {
            var o = JSONOut()
            o.add("input", input)
            o.add("favorite", favorite)
            o.add("name", name)
            o.add("symbol", symbol)
            return o.text
        }
    }

    private static func say(_ context: CommandContext, _ line: String) {
        if !context.arguments.quiet { context.io.out(line + "\n") }
    }
}
