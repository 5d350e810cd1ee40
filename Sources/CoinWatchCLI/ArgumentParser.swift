import CoinWatchEngine
import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
/// Hand-written argument parsing in swift-argument-parser's manner (it cannot be a dependency).
package enum ArgumentParser {
    /// An option: its spellings, whether it takes a value, the commands that accept it, its help and
    /// completions, and what it does with its value.
    struct Option {
        var names: [String]
        var value: String?
        var commands: Set<Arguments.Command>
        var help: String
        /// The help of the commands for which `help` says too much or too little.
        var helpByCommand: [Arguments.Command: String] = [:]
        /// The values it takes, offered by the completions; nil: any.
        var choices: [String]?
        /// What its value completes to after the commands where that is neither `choices` nor a file
        /// (`notify --sink`: a sink of rules.json).
        var completes: [Arguments.Command: CompletionModel.Value] = [:]
        /// The commands after which it may be given more than once (`backtest --rule`); elsewhere a second one is a usage error.
        var repeatable: Set<Arguments.Command> = []
        /// Checks its value (throwing the usage error) and records it in the parsed arguments.
        var set: @Sendable (inout Arguments, _ value: String) throws(UsageError) -> Void

        /// The help line `command`'s page shows.
        func help(for command: Arguments.Command) -> String { helpByCommand[command] ?? help }
    }

    static let everyCommand = Set(Arguments.Command.allCases)
    /// The commands that print data, so take `--json` (SPEC §1): all but `completion` and `init`.
    static let dataCommands = everyCommand.subtracting([.completion, .`init`, .control])
    /// The commands that may send an HTTP request, so take `-v`.
    static let requestingCommands = everyCommand.subtracting([.completion, .state, .silence, .log])

    /// Every option, in the order help lists them.
    static let options: [Option] = [
        Option(names: ["--once"], value: nil, commands: [.run, .watch], help: "Run one pass (watch: print the table once), then exit.",
               helpByCommand: [.run: "Run one pass, then exit.", .watch: "Print the table once and exit (also what it does off a terminal)."]) { a, _ in a.once = true },
        Option(names: ["--interval"], value: "DUR", commands: [.run, .watch], help: "Time between passes in loop mode, or between the live watchlist's refreshes (default: rules.json interval, else 60s).",
               helpByCommand: [.run: "Time between passes in loop mode (default: rules.json interval, else 60s).",
                               .watch: "Time between the live table's refreshes (default: rules.json interval, else 60s)."]) { a, value throws(UsageError) in
            let maximum = DurationLimits.maximum(at: "interval")
            let longer = UsageError("Error: '--interval \(value)' is longer than the limit of \(TimeText.duration(maximum)); use a shorter interval.")
            let malformed = UsageError("Error: '--interval \(value)' is not a duration; use a form like 90s, 15m, 1h30m.")
            let seconds: Double
            do throws(DurationError) {
                seconds = try DurationParser.parse(value)
            } catch {
                throw error.tooLong ? longer : malformed
            }
            guard seconds > 0 else { throw UsageError("Error: '--interval \(value)' must be longer than 0s; use a form like 90s, 15m, 1h30m.") }
            guard seconds <= maximum else { throw longer }
            a.interval = seconds
        },
        Option(names: ["--sort"], value: "KEY", commands: [.watch], help: "Order the watchlist by rank, change, name, price or value (default: rank).",
               choices: WatchTable.SortKey.allCases.map(\.rawValue)) { a, value throws(UsageError) in
            a.sort = try choice(value, among: WatchTable.SortKey.allCases, "'--sort \(value)' is not a sort key")
        },
        Option(names: ["--dry-run"], value: nil, commands: [.run, .stream], help: "Fetch and evaluate, print what would fire; send nothing, write no state.") { a, _ in a.dryRun = true },
        Option(names: ["--baseline"], value: nil, commands: [.run, .stream], help: "Record prices and pair states, notify nothing (the first run of a new rules file; in loop mode the first pass; in stream the first quote of every favorite).") { a, _ in a.baseline = true },
        Option(names: ["--metrics"], value: "PATH", commands: [.run, .stream], help: "After each pass (stream: at most every 5s when it changed, every 15s, at exit), write a Prometheus text file there atomically (node_exporter's textfile collector); a path that exists and is not a regular file is refused.") { a, value in a.metricsPath = value },
        Option(names: ["--json"], value: nil, commands: dataCommands, help: "Alerts as JSON Lines; other data as one JSON document.",
               helpByCommand: Dictionary(uniqueKeysWithValues: dataCommands.subtracting([.run, .stream]).map { ($0, "Print one JSON document instead of text.") })) { a, _ in a.json = true },
        Option(names: ["-q", "--quiet"], value: nil, commands: everyCommand.subtracting([.completion]), help: "Nothing on stdout.") { a, _ in a.quiet = true },
        Option(names: ["-v", "--verbose"], value: nil, commands: requestingCommands, help: "One line per HTTP request, and per provider a pass served from its cache, on stderr (secrets redacted).",
               helpByCommand: Dictionary(uniqueKeysWithValues: requestingCommands.subtracting([.run, .stream]).map { ($0, "One line per HTTP request on stderr (secrets redacted).") })) { a, _ in a.verbose = true },
        Option(names: ["--rules"], value: "PATH", commands: everyCommand, help: "rules.json (default: $COINWATCH_RULES, ./rules.json, ~/.config/coinwatch/rules.json).") { a, value in a.rulesPath = value },
        Option(names: ["--state"], value: "PATH", commands: everyCommand, help: "State file (default: $COINWATCH_STATE, ~/.local/state/coinwatch/state.json).") { a, value in a.statePath = value },
        Option(names: ["--color"], value: "WHEN", commands: everyCommand, help: "auto, always or never (default: auto; NO_COLOR honoured).",
               choices: ["auto", "always", "never"]) { a, value throws(UsageError) in
            guard let mode = ColorPolicy.Mode(rawValue: value) else { throw UsageError("Error: '--color \(value)' must be auto, always or never.") }
            a.color = mode
        },
        Option(names: ["--conditions"], value: nil, commands: [.check], help: "List the condition kinds with a description and an example each.") { a, _ in a.conditions = true },
        Option(names: ["--online"], value: nil, commands: [.check], help: "Also resolve every favorite against the providers.") { a, _ in a.online = true },
        Option(names: ["--rule"], value: "ID", commands: [.state, .backtest, .log], help: "state reset: forget only this rule's pairs; backtest: replay only this rule (repeatable); log: only this rule's alerts.",
               helpByCommand: [.state: "With reset: forget only this rule's pairs.", .backtest: "Replay only this rule (repeatable).",
                               .log: "Only this rule's alerts."],
               completes: [.state: .dynamic(.rules), .backtest: .dynamic(.rules), .log: .dynamic(.rules)],
               repeatable: [.backtest]) { a, value in a.ruleIDs.append(value) },
        Option(names: ["--days"], value: "N", commands: [.backtest], help: "Replay the last N days (1-3650, default 30).") { a, value throws(UsageError) in
            guard let days = Int(value), (1...3650).contains(days) else {
                throw UsageError("Error: '--days \(value)' must be a whole number from 1 to 3650.")
            }
            a.days = days
        },
        Option(names: ["--from"], value: "TIME", commands: [.backtest], help: "Replay from this ISO-8601 time (local when it has no offset) instead of --days.") { a, value throws(UsageError) in
            a.from = try time(value, of: "--from")
        },
        Option(names: ["--to"], value: "TIME", commands: [.backtest], help: "With --from: replay up to this time (default: now).") { a, value throws(UsageError) in
            a.to = try time(value, of: "--to")
        },
        Option(names: ["--step"], value: "DUR", commands: [.backtest], help: "Time between simulated passes (default: rules.json interval, never finer than the history).") { a, value throws(UsageError) in
            guard let seconds = try? DurationParser.parse(value), seconds > 0 else {
                let zero = (try? DurationParser.parse(value)) == 0
                throw UsageError("Error: '--step \(value)' \(zero ? "must be longer than 0s" : "is not a duration"); use a form like 60s, 15m, 1h.")
            }
            a.step = seconds
        },
        Option(names: ["--test"], value: nil, commands: [.notify], help: "Send a test message to each sink (or the one --sink names).") { a, _ in a.test = true },
        Option(names: ["--sink"], value: "NAME", commands: [.notify, .`init`], help: "notify --test: only this sink; init: the format of a starter chat sink (\(SinkFormats.names.joined(separator: ", "))).",
               helpByCommand: [.notify: "Only this sink.", .`init`: "The format of a starter chat sink (\(SinkFormats.names.joined(separator: ", ")))."],
               completes: [.notify: .dynamic(.sinks), .`init`: .choices(SinkFormats.names)]) { a, value in a.sink = value },
        Option(names: ["--favorites"], value: "LIST", commands: [.`init`], help: "The starter favorites, comma-separated ids, symbols or names (default: bitcoin,ethereum).") { a, value in
            a.favoritesList = InitCommand.list(value)
        },
        Option(names: ["--yes"], value: nil, commands: [.`init`], help: "Ask nothing on a terminal: take the flags and the defaults.") { a, _ in a.yes = true },
        Option(names: ["--provider"], value: "NAME", commands: [.search, .show, .trending, .favorites], help: "The provider to ask (default: the first suitable one in rules.json, else \(ProviderRegistry.fallback.rawValue)).",
               choices: ProviderName.allCases.map(\.rawValue)) { a, value throws(UsageError) in
            a.provider = try choice(value, among: ProviderName.allCases, "Unknown provider '\(value)'")
        },
        Option(names: ["--limit"], value: "N", commands: [.search, .log], help: "search: show at most N coins (1-250, default 10); log: only the last N alerts.",
               helpByCommand: [.search: "Show at most N coins (1-250, default 10).", .log: "Only the last N alerts (after the other filters)."]) { a, value throws(UsageError) in
            let most = a.command == .log ? 10_000_000 : 250
            guard let limit = Int(value), (1...most).contains(limit) else {
                throw UsageError("Error: '--limit \(value)' must be a whole number from 1 to \(most).")
            }
            a.limit = limit
        },
        Option(names: ["--since"], value: "DUR|TIME", commands: [.log], help: "Only alerts since a duration ago (90s, 15m, 1h30m, 7d) or an ISO-8601 time (local when it has no offset).") { a, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("Error: '--since' needs a duration (15m, 2h, 7d) or a time (2026-12-01T09:00).") }
            a.since = value
        },
        Option(names: ["--coin"], value: "COIN", commands: [.log], help: "Only alerts on this coin (a favorite as written, or its symbol).",
               completes: [.log: .dynamic(.favorites)]) { a, value throws(UsageError) in
            guard !value.trimmingSpaces.isEmpty else { throw UsageError("Error: '--coin' needs a coin, such as '--coin bitcoin' or '--coin BTC'.") }
            a.coin = value.trimmingSpaces
        },
        Option(names: ["--status"], value: "S", commands: [.log], help: "Only firing, resolved or undelivered alerts.",
               choices: AlertLogRecord.statuses) { a, value throws(UsageError) in
            guard AlertLogRecord.statuses.contains(value.lowercased()) else {
                throw UsageError("Error: '--status \(value)' is not an alert status.\(Suggestion.phrase(for: value, in: AlertLogRecord.statuses)) Use firing, resolved or undelivered.")
            }
            a.status = value.lowercased()
        },
        Option(names: ["--file"], value: "PATH", commands: [.log], help: "Read this JSON Lines log instead of the rules' first file sink.") { a, value in a.file = value },
        Option(names: ["--follow"], value: nil, commands: [.log], help: "Keep printing alerts as they are appended, across log rotation (rename or copytruncate); SIGINT/SIGTERM end it with status 0.") { a, _ in a.follow = true },
        Option(names: ["--vs"], value: "CUR", commands: [.show], help: "Quote currency (default: rules.json vs_currency, else usd).") { a, value throws(UsageError) in
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw UsageError("Error: '--vs \(value)' is not a currency code; use one like usd, eur or krw.")
            }
            a.vs = value.lowercased()
        },
        Option(names: ["--force"], value: nil, commands: [.favorites, .`init`], help: "favorites remove: also remove the rules that name the coin; init: replace rules.json (the old one moved aside).",
               helpByCommand: [.favorites: "With remove: also remove the rules that name the coin.", .`init`: "Replace rules.json (the old one is moved aside as .bak-<time>)."]) { a, _ in a.force = true },
        Option(names: ["--for"], value: "DUR", commands: [.silence], help: "With add: how long the silence lasts (90s, 15m, 1h30m, 7d).") { a, value in a.silenceFor = value },
        Option(names: ["--comment"], value: "TEXT", commands: [.silence], help: "With add: why (shown by 'silence list').") { a, value in a.comment = value },
        Option(names: ["--range"], value: "R", commands: [.show], help: "Also draw a chart of 1d, 7d, 30d, 90d, 1y or max (history cached under ~/.cache/coinwatch).",
               choices: ChartRange.allCases.map(\.rawValue)) { a, value throws(UsageError) in
            a.range = try choice(value, among: ChartRange.allCases, "'--range \(value)' is not a chart range")
        },
        Option(names: ["--png"], value: "FILE", commands: [.show], help: "Write the chart as a 1280x720 PNG image to FILE ('-': stdout, instead of the card).") { a, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("Error: '--png' needs a file path, got an empty one; give one such as '--png chart.png', or '-' for stdout.") }
            a.png = value
        },
        Option(names: ["-h", "--help"], value: nil, commands: everyCommand, help: "Show help information.") { a, _ in a.help = true },
        Option(names: ["--version"], value: nil, commands: [.run], help: "Show the version.") { a, _ in a.version = true },
    ]

    /// Parses `args` (without the program name).
    package static func parse(_ args: [String]) throws(UsageError) -> Arguments {
        var parsed = Arguments()
        var commandSeen = false
        var pendingOptions: [(Option, String)] = []
        var index = 0
        var onlyPositionals = false
        while index < args.count {
            let arg = args[index]
            index += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                if !commandSeen, !onlyPositionals, parsed.positionals.isEmpty {
                    guard let command = Arguments.Command(rawValue: arg), command != .run else {
                        let names = Arguments.Command.allCases.filter { $0 != .run }.map(\.rawValue)
                        throw UsageError("Error: Unknown command '\(arg)'.\(Suggestion.phrase(for: arg, in: names)) See 'coinwatch --help'.")
                    }
                    parsed.command = command
                    commandSeen = true
                } else {
                    parsed.positionals.append(arg)
                }
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            var name = arg
            var inlineValue: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let suggestion = Suggestion.phrase(for: name, in: options.flatMap(\.names))
                throw UsageError("Error: Unknown option '\(name)'.\(suggestion.isEmpty ? helpHint(parsed.command) : suggestion)")
            }
            var value = ""
            if let valueName = option.value {
                if let inlineValue {
                    value = inlineValue
                } else if index < args.count, !isOption(args[index]) {
                    value = args[index]
                    index += 1
                } else {
                    throw UsageError("Error: Missing value for '\(name) <\(valueName)>'.")
                }
            } else if inlineValue != nil {
                throw UsageError("Error: '\(name)' takes no value.")
            }
            if option.value == "PATH", value.isEmpty {
                let example = ["--rules": "rules.json", "--metrics": "coinwatch.prom", "--file": "alerts.jsonl"][name] ?? "state.json"
                throw UsageError("Error: '\(name)' needs a path, got an empty one; give a file path such as '\(name) ./\(example)'.")
            }
            pendingOptions.append((option, value))
        }
        parsed.help = pendingOptions.contains { $0.0.names.contains("--help") }
        var given: [String: String] = [:]
        for (option, value) in pendingOptions {
            try apply(option, value: value, to: &parsed)
            // A flag given twice means what it means once; a second value would silently replace the first.
            guard option.value != nil, !option.repeatable.contains(parsed.command), !parsed.help, let name = option.names.last else { continue }
            if let first = given.updateValue(value, forKey: name) {
                throw UsageError("Error: '\(name)' was given twice ('\(first)', then '\(value)'); give it once.")
            }
        }
        if parsed.png == "-", parsed.json, !parsed.help {
            throw UsageError("Error: '--png -' writes the image to stdout and '--json' the document; use one of them, or '--png FILE'.")
        }
        if parsed.baseline, parsed.dryRun, !parsed.help {
            throw UsageError("Error: '--baseline' writes the state and '--dry-run' writes none; use one of them.")
        }
        return parsed
    }

    /// `parse(args)`, or nil once its error line is on stderr (the caller exits 64).
    static func parse(_ args: [String], io: IO) -> Arguments? {
        do {
            return try parse(args)
        } catch {
            io.err(error.message + "\n")
            return nil
        }
    }

    private static func apply(_ option: Option, value: String, to parsed: inout Arguments) throws(UsageError) {
        if !option.commands.contains(parsed.command), !parsed.help {
            let which = parsed.command == .run ? "an alert pass" : "'\(parsed.command.rawValue)'"
            throw UsageError("Error: '\(option.names.last ?? "")' does not apply to \(which).\(helpHint(parsed.command))")
        }
        try option.set(&parsed, value)
    }

    /// Whether `arg` spells an option (`--rules`, `--rules=x`, `-v`): in a value's place it is the next
    /// option, so the value is missing, not that word.
    private static func isOption(_ arg: String) -> Bool {
        let name = arg.hasPrefix("--") ? String(arg.prefix { $0 != "=" }) : arg
        return options.contains { $0.names.contains(name) }
    }

    /// ` See 'coinwatch [COMMAND ]--help'.`: what a usage error without a did-you-mean points to.
    private static func helpHint(_ command: Arguments.Command) -> String {
        " See 'coinwatch \(command == .run ? "" : command.rawValue + " ")--help'."
    }

    /// `--from`'s or `--to`'s time in seconds since 1970; else the usage error.
    private static func time(_ value: String, of name: String) throws(UsageError) -> Double {
        guard let date = DateTimeParser.parse(value) else {
            throw UsageError("Error: '\(name) \(value)' is not a valid time; \(DateTimeParser.hint)")
        }
        return date.timeIntervalSince1970
    }

    /// The one of `cases` that `value` names in any case; else the usage error `Error: <unknown>.`, a
    /// did-you-mean and the cases' names.
    private static func choice<Choice: RawRepresentable>(_ value: String, among cases: [Choice], _ unknown: String) throws(UsageError) -> Choice
        where Choice.RawValue == String {
        if let choice = cases.first(where: { $0.rawValue == value.lowercased() }) { return choice }
        let names = cases.map(\.rawValue)
        throw UsageError("Error: \(unknown).\(Suggestion.phrase(for: value, in: names)) Use one of \(names.joined(separator: ", ")).")
    }
}
