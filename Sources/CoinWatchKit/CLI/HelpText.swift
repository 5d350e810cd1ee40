/// Help pages in swift-argument-parser's layout: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS.
public enum HelpText {
    /// The help page of `command`.
    public static func page(for command: Arguments.Command) -> String {
        var text = "OVERVIEW: \(overview(command))\n\nUSAGE: \(usage(command))\n\nOPTIONS:\n"
        for option in ArgumentParser.options where option.commands.contains(command) {
            var names = option.names.joined(separator: ", ")
            if let value = option.value { names += " <\(value.lowercased())>" }
            text += "  " + names.padding(to: 24) + option.help + "\n"
        }
        if command == .run {
            text += "\nSUBCOMMANDS:\n"
            text += "  " + "check".padding(to: 24) + "Validate rules.json and print the plan.\n"
            text += "  " + "state show | reset".padding(to: 24) + "Show the pairs' state, or move the state file aside.\n"
            text += "  " + "completion bash|zsh|fish".padding(to: 24) + "Print a shell completion script.\n"
            text += "\n  See 'coinwatch help <subcommand>' or 'coinwatch <subcommand> --help' for detailed help.\n"
            text += "\nEXIT STATUS:\n  0 ok, 1 runtime failure, 64 bad command line, 65 invalid rules.json or state,\n"
            text += "  66 rules.json missing, 75 another pass holds the state lock.\n"
        }
        return text
    }

    /// The one-paragraph overview of `command` (help pages, completion descriptions).
    static func overview(_ command: Arguments.Command) -> String {
        switch command {
        case .run: return "Crypto price alerts and watchlist notifier: one pass fetches the favorites' prices, evaluates rules.json and notifies."
        case .check: return "Validate rules.json and print the plan (favorites x rules x sinks); makes no request."
        case .state: return "Show the state of every (rule, coin) pair, or reset it (the old file is moved aside)."
        case .completion: return "Print the completion script for bash, zsh or fish; install it where the shell looks (see coinwatch(1))."
        }
    }

    private static func usage(_ command: Arguments.Command) -> String {
        switch command {
        case .run: return "coinwatch [--once] [--interval <dur>] [--dry-run] [--json] [-q|-v] [--rules <path>] [--state <path>]"
        case .check: return "coinwatch check [--conditions] [--online] [--json] [--rules <path>]"
        case .state: return "coinwatch state show [--json] | reset [--rule <id>] [--state <path>]"
        case .completion: return "coinwatch completion bash | zsh | fish"
        }
    }
}

extension String {
    /// Pads with spaces to `width` characters (at least two spaces follow a longer text).
    func padding(to width: Int) -> String {
        count >= width - 1 ? self + "  " : self + String(repeating: " ", count: width - count)
    }
}
