import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// The admin commands: silences change the state; `/alert`, `/remove` and `/favorite` rewrite rules.json
/// through the same validation as `coinwatch check` and the same byte-keeping edit as `favorites add`.
extension ControlHandler {
    /// The prefix of the ids `/alert` gives: `chat-1`, `chat-2`, … (the first id not taken).
    static let alertIDPrefix = "chat-"

    /// `/silence TARGET DUR [COMMENT]`.
    static func silence(_ target: String, duration: String, comment: String, _ input: ControlInput, _ verb: ControlVerb) -> ControlReply {
        guard let seconds = try? DurationParser.parse(duration), seconds > 0, seconds <= Silence.longest else {
            return usage(verb, "'\(SilenceTarget.shown(duration))' is not a duration from 1s to 366d such as 1h.")
        }
        let stored: String
        do {
            stored = try SilenceTarget.resolved(target, rules: input.rules, symbols: input.state.memory.symbols)
        } catch {
            return failed(error.message)
        }
        let taken = Set(input.state.silences.filter { $0.until > input.now }.map(\.id))
        let silence = Silence(id: Silence.newID(target: stored, now: input.now, taken: taken), target: stored,
                              until: input.now + seconds, created: input.now, comment: comment.isEmpty ? nil : comment)
        return ControlReply("\(silence.id) silenced \(SilenceTarget.described(stored, rules: input.rules)) until "
                            + "\(TimeText.iso(silence.until)) (\(TimeText.duration(seconds)))", edit: .addSilence(silence))
    }

    /// `/unsilence ID`.
    static func unsilence(_ id: String, _ input: ControlInput) -> ControlReply {
        let active = input.state.silences.filter { $0.until > input.now }
        guard let silence = active.first(where: { $0.id == id }) else {
            return failed("no silence '\(SilenceTarget.shown(id))' is in force.\(Suggestion.phrase(for: id, in: active.map(\.id))) See /silences.")
        }
        return ControlReply("ended \(silence.id) (\(SilenceTarget.shown(silence.target))); its pairs notify again from the next pass",
                            edit: .removeSilence(id: silence.id))
    }

    /// `/alert COIN KIND VALUE [OPTION=VALUE …]`: a rule `{"id": "chat-N", "coin", "when": {KIND: VALUE}, OPTION: VALUE…}`
    /// appended to `rules`. VALUE and option values are read as JSON when they are (numbers, true, [1, 2]), else as strings.
    static func alert(_ args: [String], _ input: ControlInput, _ verb: ControlVerb) throws(ControlReply) -> ControlReply {
        let coin = try favorite(args[0], input)
        let ids = Set(input.rules.rules.map(\.id))
        let id: String
        if let key = input.key {
            // Named after the message: read again after a kill (rules.json written, the state not), it is already there.
            id = alertIDPrefix + StableHash.hex([key]).prefix(6)
            if ids.contains(id) { return ControlReply("added rule \(id): \(coin) \(args[1]) \(args[2])") }
        } else {
            id = (1...).lazy.map { "\(alertIDPrefix)\($0)" }.first { !ids.contains($0) } ?? alertIDPrefix
        }
        var rule = JSONOut()
        rule.add("id", id)
        rule.add("coin", coin)
        rule.addRaw("when", "{" + JSONOut.quote(args[1]) + ":" + jsonValue(args[2]) + "}")
        for option in args.dropFirst(3) {
            guard let equals = option.firstIndex(of: "="), equals != option.startIndex else {
                return usage(verb, "'\(SilenceTarget.shown(option))' is not OPTION=VALUE.")
            }
            rule.addRaw(String(option[..<equals]), jsonValue(String(option[option.index(after: equals)...])))
        }
        let bytes: [UInt8]
        if let rules = JSONArraySplice(key: "rules", in: input.rulesBytes) {
            bytes = rules.appending(rule.text, to: input.rulesBytes)
        } else if let inserted = JSONMemberInsertion.inserting(key: "rules", value: "[" + rule.text + "]",
                                                                after: Set(RulesValidator.topLevelKeys), into: input.rulesBytes) {
            bytes = inserted
        } else {
            return failed("rules.json is not an object coinwatch can add a rule to; nothing changed")
        }
        return rewrite(bytes, input, done: "added rule \(id): \(coin) \(args[1]) \(args[2])")
    }

    /// `/remove RULE`.
    static func remove(_ id: String, _ input: ControlInput) throws(ControlReply) -> ControlReply {
        var editor = try editor(input)
        let ids = (editor.root["rules"]?.elements ?? []).map { $0["id"]?.stringValue ?? "" }
        guard let index = ids.firstIndex(of: id) else { return noRule(id, in: ids) }
        editor.remove(favoriteIndexes: [], ruleIndexes: [index])
        return rewrite(editor.edited(input.rulesBytes), input, done: "removed rule \(id)")
    }

    /// `/favorite add|remove COIN`: added the one way `favorites add` adds it (`FavoriteAddition`, which asks the
    /// search provider); a favorite that rules name is not removed.
    static func favorite(add: Bool, _ coin: String, _ input: inout ControlInput) throws(ControlReply) -> ControlReply {
        var editor = try editor(input)
        if add {
            let addition = FavoriteAddition(providers: input.rules.providers.map(\.name), settings: input.rules.providers,
                                            environment: input.environment, transport: input.transport)
            switch addition.add(coin, to: &editor, memory: &input.state.memory, now: input.now) {
            case .added(_, _, let line): return rewrite(editor.edited(input.rulesBytes), input, done: line)
            case .already(_, let line), .refused(let line): return failed(line)
            }
        }
        let existing = editor.favoriteIndex(coin)
        guard let existing else {
            return failed("'\(SilenceTarget.shown(coin))' is not a favorite.\(Suggestion.phrase(for: coin, in: editor.favorites))")
        }
        let name = editor.favorites[existing]
        let naming = editor.rulesNaming(name)
        guard naming.isEmpty else {
            return failed("cannot remove \(name): rule \(naming.map(\.id).joined(separator: ", ")) names it; /remove it first")
        }
        editor.remove(favoriteIndexes: [existing], ruleIndexes: [])
        return rewrite(editor.edited(input.rulesBytes), input, done: "removed \(name) from the favorites")
    }

    /// rules.json as an editable tree, or the reply that it is not JSON.
    static func editor(_ input: ControlInput) throws(ControlReply) -> FavoritesEditor {
        guard let root = try? JSONParser.parse(input.rulesBytes) else { throw failed("rules.json cannot be read as JSON; nothing changed") }
        return FavoritesEditor(root: root, environment: input.environment)
    }

    /// The edit when `bytes` load as rules.json (the answer `done`), else the validator's first message.
    static func rewrite(_ bytes: [UInt8], _ input: ControlInput, done: String) -> ControlReply {
        let errors = RulesEdit.errors(in: bytes, path: input.rules.path, environment: input.environment)
        if let first = errors.first {
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            return failed("not changed: \(first.jsonPath.isEmpty ? "" : first.jsonPath + ": ")\(first.message)\(more)")
        }
        return ControlReply(done, edit: .rewriteRules(bytes))
    }

    /// `text` as a JSON value: itself when it parses as a number, boolean or array and holds no escape (so
    /// its strings are the text `handle` checked for `${`), else a JSON string.
    static func jsonValue(_ text: String) -> String {
        if !text.contains("\\"), let node = try? JSONParser.parse(Array(text.utf8)) {
            switch node.value {
            case .string, .object, .null: break
            default: return text
            }
        }
        return JSONOut.quote(text)
    }
}
