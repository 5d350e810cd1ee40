import CoinWatchEngine
import CoinWatchRules
import CoinWatchMarket
/// What the shell completion scripts are generated from: the commands, `ArgumentParser`'s options
/// table and the few words some commands take, so a new option needs no script edit.
struct CompletionModel {
    /// What an option's value completes to.
    enum Value: Equatable {
        /// A file name (`PATH`).
        case file
        /// One of these words.
        case choices([String])
        /// Anything (a duration, an id): nothing to offer.
        case free
        /// Words from the user's files (`coinwatch __complete KIND`).
        case dynamic(Source)
    }

    /// One option as the scripts offer it.
    struct Option {
        /// Its spellings, short first (`-q`, `--quiet`).
        var names: [String]
        /// nil for a flag.
        var value: Value?
        /// One line of description.
        var help: String
    }

    /// One command: `""` stands for the alert pass (no subcommand).
    struct Command {
        var name: String
        var summary: String
        var options: [Option]
        /// Words offered as the command's first argument (`state show|reset`).
        var words: [String]
    }

    /// Words a command takes as its first argument, by command name: each command's own list.
    static let commandWords: [String: [String]] = [
        "state": StateCommand.actions, "favorites": FavoritesCommand.actions, "silence": SilenceCommand.actions,
        "outbox": OutboxCommand.actions, "completion": CompletionShell.allCases.map(\.rawValue),
    ]

    /// What the user's own files offer (`coinwatch __complete KIND`).
    enum Source: String, CaseIterable, Sendable {
        case rules, favorites, sinks, silences
    }

    /// A positional argument completed from the user's files.
    struct Dynamic: Equatable {
        /// The subcommand.
        var command: String
        /// Its first argument, when this one follows it (`silence expire ID`).
        var after: String?
        /// The index among the command's arguments (0: the first); with `repeats`, this and every later one.
        var position: Int
        var repeats = false
        var sources: [Source]

        /// The bash and zsh `case` pattern of `command:position:after` it answers (`silence:1:expire`).
        var casePattern: String {
            "\(command):\(repeats ? "[\(position)-9]*" : String(position)):\(after ?? "*")"
        }
    }

    /// The arguments that complete from rules.json and the state.
    static let dynamicArguments: [Dynamic] = [
        Dynamic(command: "explain", position: 0, sources: [.rules]),
        Dynamic(command: "explain", position: 1, sources: [.favorites]),
        Dynamic(command: "show", position: 0, sources: [.favorites]),
        Dynamic(command: "favorites", after: "remove", position: 1, repeats: true, sources: [.favorites]),
        Dynamic(command: "silence", after: "add", position: 1, sources: [.rules, .favorites]),
        Dynamic(command: "silence", after: "expire", position: 1, sources: [.silences]),
    ]

    /// The alert pass first, then the subcommands in `Arguments.Command` order.
    let commands: [Command]

    /// Every option that takes a value, by each of its names (the scripts skip its value when looking for the command).
    let valueOptionNames: [String]

    /// Every spelling of every option, in table order.
    let allOptionNames: [String]

    /// Every subcommand name.
    var subcommandNames: [String] { commands.map(\.name).filter { !$0.isEmpty } }

    /// A model with these commands (tests: a command the tables do not have yet).
    init(commands: [Command]) {
        self.commands = commands
        let options = commands.flatMap(\.options)
        valueOptionNames = options.filter { $0.value != nil }.flatMap(\.names).uniqued()
        allOptionNames = options.flatMap(\.names).uniqued()
    }

    /// The model of this build's command line.
    init() {
        commands = Arguments.Command.allCases.map { command in
            let name = command == .run ? "" : command.rawValue
            let options = ArgumentParser.options.filter { $0.commands.contains(command) }.map { option in
                Option(names: option.names, value: option.value.map { _ in Self.value(for: option, after: command) }, help: Self.oneLine(option.help))
            }
            return Command(name: name, summary: Self.summary(HelpText.overview(command)), options: options,
                           words: Self.commandWords[name] ?? [])
        }
        valueOptionNames = ArgumentParser.options.filter { $0.value != nil }.flatMap(\.names)
        allOptionNames = ArgumentParser.options.flatMap(\.names)
    }

    /// What `option`'s value completes to after `command`.
    private static func value(for option: ArgumentParser.Option, after command: Arguments.Command) -> Value {
        option.completes[command] ?? option.choices.map(Value.choices) ?? (option.value == "PATH" ? .file : .free)
    }

    /// The overview without parentheses, cut to its first clause: `Validate rules.json and print the plan`.
    static func summary(_ overview: String) -> String {
        var text = ""
        var depth = 0
        for character in overview {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { text.append(character) }
        }
        text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for mark in [": ", ";", ". "] {
            if let range = text.firstRange(of: mark) { text = String(text[..<range.lowerBound]) }
        }
        return oneLine(text.replacing(" ,", with: ","))
    }

    /// `text` on one line, without a final period.
    static func oneLine(_ text: String) -> String {
        var flat = Substring(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        while flat.last == " " || flat.last == "." { flat = flat.dropLast() }
        while flat.first == " " { flat = flat.dropFirst() }
        return String(flat)
    }
}

/// The shells `coinwatch completion` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
