import CoinWatchRules
/// Answers a chat command (SPEC §13): a function of the command, the sender's role, rules.json, the state and the
/// time, to the answer and what it changes; only `/favorite add` asks the network (the search provider).
package enum ControlHandler {
    /// The longest answer to `/log N`.
    static let maxLog = 50

    /// The reply to `command` from a sender with `role` (never `.none`: unknown senders get no answer).
    package static func handle(_ command: ControlCommand, role: ControlRole, input: inout ControlInput) -> ControlReply {
        guard let verb = ControlVerb.named(command.verb) else {
            return ControlReply("unknown command /\(SilenceTarget.shown(command.verb)).\(Suggestion.phrase(for: command.verb, in: ControlVerb.all.map(\.name)))"
                                + " Send /help for the list.", outcome: "usage")
        }
        if verb.edits && role != .admin {
            return ControlReply("/\(verb.name) is for admins; you may use the read commands (/help).", outcome: "refused")
        }
        let args = command.arguments
        // rules.json expands `${NAME}` and `${file:PATH}` (SPEC §2): text from a chat is never written with one.
        if args.contains(where: { $0.contains("${") }) {
            return usage(verb, "A command from chat cannot hold '${' (it would read coinwatch's environment or files).")
        }
        do throws(ControlReply) {
            switch verb.name {
            case "price": return args.count == 1 ? try price(args[0], input) : usage(verb)
            case "chart":
                guard (1...2).contains(args.count) else { return usage(verb) }
                return try chart(args[0], range: args.count == 2 ? args[1] : nil, input, verb)
            case "list": return args.isEmpty ? list(input) : usage(verb)
            case "rules": return args.isEmpty ? rules(input) : usage(verb)
            case "explain":
                return (1...2).contains(args.count) ? explain(args[0], coin: args.count == 2 ? args[1] : nil, input) : usage(verb)
            case "silences": return args.isEmpty ? silences(input) : usage(verb)
            case "outbox": return args.isEmpty ? outbox(input) : usage(verb)
            case "log": return args.count <= 1 ? log(args.first, input, verb) : usage(verb)
            case "help": return ControlReply(help(role))
            case "silence":
                guard args.count >= 2 else { return usage(verb) }
                return silence(args[0], duration: args[1], comment: args.dropFirst(2).joined(separator: " "), input, verb)
            case "unsilence": return args.count == 1 ? unsilence(args[0], input) : usage(verb)
            case "alert": return args.count >= 3 ? try alert(args, input, verb) : usage(verb)
            case "remove": return args.count == 1 ? try remove(args[0], input) : usage(verb)
            case "favorite":
                guard args.count == 2, ["add", "remove"].contains(args[0].lowercased()) else { return usage(verb) }
                return try favorite(add: args[0].lowercased() == "add", args[1], &input)
            default: return usage(verb)
            }
        } catch {
            return error
        }
    }

    /// "Usage: /price COIN", after `problem` when given.
    static func usage(_ verb: ControlVerb, _ problem: String? = nil) -> ControlReply {
        ControlReply((problem.map { $0 + " " } ?? "") + "Usage: \(verb.usage)", outcome: "usage")
    }

    /// A valid command that could not be done.
    static func failed(_ reason: String) -> ControlReply {
        ControlReply(reason, outcome: "failed")
    }

    /// The answer to a command naming rule `id`, which is none of `ids`.
    static func noRule(_ id: String, in ids: [String]) -> ControlReply {
        failed("no rule '\(SilenceTarget.shown(id))'.\(Suggestion.phrase(for: id, in: ids)) Send /rules for the list.")
    }

    /// The commands `role` may use, one a line.
    static func help(_ role: ControlRole) -> String {
        let verbs = ControlVerb.all.filter { !$0.edits || role == .admin }
        return "coinwatch commands:\n" + verbs.map { "\($0.usage) — \($0.summary)" }.joined(separator: "\n")
    }

    /// The favorite `coin` names (as written, case ignored, or by its symbol), or a reply saying it is none.
    static func favorite(_ coin: String, _ input: ControlInput) throws(ControlReply) -> String {
        if let found = input.rules.favorite(named: coin, symbols: input.state.memory.symbols) { return found }
        throw failed("'\(SilenceTarget.shown(coin))' is not a favorite.\(Suggestion.phrase(for: coin, in: input.rules.favorites))")
    }
}
