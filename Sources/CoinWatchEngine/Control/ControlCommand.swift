/// A chat message read as a command (SPEC §13): `/verb arg …`, the verb lower-cased, `@botname` kept apart.
package struct ControlCommand: Sendable, Equatable {
    /// The verb without its slash: `price`, `silence`, ….
    package var verb: String
    /// The words after the verb.
    package var arguments: [String]
    /// The bot the command names (`/price@coinwatch_bot`: `coinwatch_bot`); nil when it names none.
    package var addressee: String?

    package init(verb: String, arguments: [String] = []) {
        self.verb = verb
        self.arguments = arguments
    }

    /// The command in `text`, or nil when the message is not a command (it does not start with `/`).
    package init?(_ text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        guard let first = words.first, first.hasPrefix("/"), first.count > 1 else { return nil }
        var verb = first.dropFirst()
        if let at = verb.firstIndex(of: "@") {
            addressee = String(verb[verb.index(after: at)...])
            verb = verb[..<at]
        }
        self.verb = verb.lowercased()
        arguments = Array(words.dropFirst())
    }

    /// The command as the audit log records it: the verb and its words, on one line.
    package var text: String { (["/" + verb] + arguments).joined(separator: " ") }
}
