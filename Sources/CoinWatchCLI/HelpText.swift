import CoinWatchMarket
import CoinWatchRules
/// Help pages in swift-argument-parser's layout: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS.
package enum HelpText {
    /// The help page of `command`.
    package static func page(for command: Arguments.Command) -> String {
        var text = "OVERVIEW: \(overview(command))\n\nUSAGE: \(usage(command))\n\nOPTIONS:\n"
        for option in ArgumentParser.options where option.commands.contains(command) {
            var names = option.names.joined(separator: ", ")
            if let value = option.value { names += " <\(value.lowercased())>" }
            text += "  " + names.padding(to: 24) + option.help(for: command) + "\n"
        }
        if command == .run {
            text += "\nSUBCOMMANDS:\n"
            for command in Arguments.Command.allCases where command != .run {
                let name = ([command.rawValue] + arguments(command)).joined(separator: " ")
                text += "  " + name.padding(to: 24) + CompletionModel.summary(overview(command)) + ".\n"
            }
            text += "\n  See 'coinwatch <subcommand> --help' for detailed help.\n"
            text += "\nEXIT STATUS:\n  0 ok, 1 runtime failure, 64 bad command line, 65 invalid rules.json or state,\n"
            text += "  66 rules.json missing, 75 another pass holds the state lock.\n"
        }
        text += "\nEXAMPLES:\n"
        for example in examples(command) { text += "  " + example + "\n" }
        return text
    }

    /// One or two command lines that show `command` at work; every page ends with them.
    static func examples(_ command: Arguments.Command) -> [String] {
        switch command {
        case .run: return ["coinwatch --once --baseline", "coinwatch --interval 5m --metrics /var/lib/node_exporter/coinwatch.prom"]
        case .check: return ["coinwatch check", "coinwatch check --online --json"]
        case .state: return ["coinwatch state show --json", "coinwatch state reset --rule btc-50k"]
        case .notify: return ["coinwatch notify --test", "coinwatch notify --test --sink team-chat"]
        case .search: return ["coinwatch search doge --limit 5", "coinwatch search sol --provider \((SearchCommand.capable.last ?? ProviderRegistry.fallback).rawValue) --json"]
        case .show: return ["coinwatch show ethereum --range 30d --vs eur", "coinwatch show bitcoin --range 1d --png btc.png"]
        case .trending: return ["coinwatch trending", "coinwatch trending --json"]
        case .favorites: return ["coinwatch favorites add solana DOGE", "coinwatch favorites remove --force cardano"]
        case .backtest: return ["coinwatch backtest --days 90", "coinwatch backtest --from 2024-03-01 --rule btc-50k --step 15m"]
        case .stream: return ["coinwatch stream", "coinwatch stream --dry-run --json"]
        case .completion: return ["coinwatch completion bash > ~/.local/share/bash-completion/completions/coinwatch",
                                  "coinwatch completion fish > ~/.config/fish/completions/coinwatch.fish"]
        case .`init`: return ["coinwatch init", "coinwatch init --favorites bitcoin,ethereum,sol --sink \(SinkFormats.names.first ?? "") --yes"]
        case .explain: return ["coinwatch explain btc-50k", "coinwatch explain big-mover solana --json"]
        case .outbox: return ["coinwatch outbox list", "coinwatch outbox retry"]
        case .watch: return ["coinwatch watch", "coinwatch watch --sort change --json"]
        case .silence: return ["coinwatch silence add big-mover --for 2h --comment 'earnings day'", "coinwatch silence expire 3f2a9c01"]
        case .log: return ["coinwatch log --since 1d --coin btc", "coinwatch log --limit 20 --follow"]
        case .control: return ["coinwatch control", "coinwatch control -v --rules /etc/coinwatch/rules.json"]
        }
    }

    /// The one-paragraph overview of `command` (help pages, completion descriptions).
    static func overview(_ command: Arguments.Command) -> String {
        switch command {
        case .run: return "Crypto price alerts and watchlist notifier: one pass fetches the favorites' prices, evaluates rules.json and notifies."
        case .check: return "Validate rules.json and print the plan (favorites x rules x sinks); makes no request, except with --online, which resolves every favorite on every provider and remembers it in state."
        case .state: return "Show the state of every (rule, coin) pair, or reset it (the old file is moved aside)."
        case .notify: return "Send a test message to every sink (or the one --sink names) and report, per sink, delivered or the error."
        case .search: return "Find coins by id, symbol or name (" + ProviderRegistry.all.compactMap { ($0 as? any CoinSearch.Type)?.searchName }.joined(separator: ", ") + ")."
        case .show: return "A coin's price card: price, 24h change and range, market cap, volume, all-time high and low, 7-day sparkline; with --range, a line chart of that span from the history store; with --png, that chart as a PNG image (the image alerts carry)."
        case .trending: return ProviderRegistry.all.compactMap { ($0 as? any TrendingSource.Type)?.title }.joined(separator: ", ") + "'s trending coins and NFT collections."
        case .favorites: return "List the favorites with their price, 24h change and every rule that covers them, or add and remove them in rules.json (edited in place, validated, atomically replaced; the file before kept as rules.json.bak)."
        case .backtest: return "Replay history through rules.json with the live engine: how often each rule would have fired, when, and the cooldown or rearm that would calm a noisy one; sends nothing, writes no state."
        case .stream: return "Real-time alerts from the exchanges' WebSocket feeds: holds connections to \(ProviderRegistry.list(ProviderRegistry.names { type(of: $0).feed != nil }, "and")) for every market they carry (favorites and rules pinned to those exchanges) and evaluates the rules on every ticker or trade message, with the same notify decisions, delivery and outbox as passes; what no feed carries is polled every interval. SIGINT/SIGTERM write state and exit 0; SIGHUP reloads rules.json."
        case .completion: return "Print the completion script for bash, zsh or fish; install it where the shell looks (see coinwatch(1))."
        case .`init`: return "Write a starter rules.json that passes check: the favorites (resolved), a crossing, a 24h-move and a new-high rule each, a file log and optionally a chat sink whose URL is ${COINWATCH_WEBHOOK_URL}; never overwrites without --force."
        case .explain: return "Why a rule is quiet or firing: per pair, the condition's figure against its threshold, the pair's state and timers (pending for, firing, cooldown, re-arm, once, silence, expiry), the last notification and what would make it notify next."
        case .outbox: return "The webhook messages waiting in the state's outbox (held by quiet hours or waiting for a retry) and the file sinks' records waiting for their file: list them, send them now ignoring quiet hours and Retry-After (appending the records first), or drop a message (recorded as undelivered in every file sink)."
        case .watch: return "The watchlist as a table: per favorite the price, 24h and 7d change, a 7-day sparkline and the state of every rule on it; with a holding's value, cost and P&L; a live view on a terminal (q quit, s sort, / filter, r refresh, arrows select, Enter the coin's chart, a add a favorite by search), printed once with --once, --json or off a terminal. Never notifies."
        case .silence: return "Silence a rule, a favorite, one RULE:COIN pair or everything ('*') for a while: its pairs are evaluated but notify nothing; a level condition still true when the silence ends notifies then."
        case .log: return "Past alerts from the rules' first file sink (or --file), oldest first, one line each (local time, rule, coin, status, message), filtered by time, rule, coin and status; --follow keeps printing new ones across log rotation; --json prints the records."
        case .control: return "Answer commands (/price, /silence, /alert, ...) from the chats in rules.json's control (" + SinkFormats.controlled.map { $0.name }.joined(separator: ", ") + ") and run no passes: a daemon beside cron's --once passes. Loop mode and stream answer them too, --once passes at their start; the audit log is control.jsonl beside the state; one process answers a state's chats at a time. SIGHUP re-reads rules.json; SIGINT/SIGTERM exit 0."
        }
    }

    /// What `command` takes besides options, lower case (`[coin]`: may be left out).
    static func positionals(_ command: Arguments.Command) -> [String] {
        switch command {
        case .search: return ["query"]
        case .show, .favorites: return ["coin"]
        case .explain: return ["rule", "[coin]"]
        case .outbox: return ["[id]"]
        case .silence: return ["target", "id"]
        default: return []
        }
    }

    /// What `command`'s usage line shows after its name: its first words (`show|reset`), then its
    /// arguments in upper case.
    static func arguments(_ command: Arguments.Command) -> [String] {
        let words = CompletionModel.commandWords[command.rawValue] ?? []
        return (words.isEmpty ? [] : [words.joined(separator: "|")]) + positionals(command).map { $0.uppercased() }
    }

    /// The options `command`'s synopsis names, in the table's order: its own, and for the
    /// top-level command also those every command takes (`ManPage.commonOptions`).
    static func synopsisOptions(_ command: Arguments.Command) -> [(name: String, value: String?)] {
        ArgumentParser.options.compactMap { option in
            guard option.commands.contains(command), let long = option.names.last, long != "--help", long != "--version",
                  command == .run || !option.names.contains(where: ManPage.commonOptions.contains) else { return nil }
            return (long, option.value?.lowercased())
        }
    }

    /// README's command list: each command's usage line and what it does, as a Markdown table.
    package static func commandTable() -> String {
        var out = "| command | what it does |\n| --- | --- |\n"
        for command in Arguments.Command.allCases {
            // A `|` inside a table cell is written `\|`, even within code.
            out += "| `\(usage(command).replacing("|", with: "\\|"))` | \(CompletionModel.summary(overview(command))) |\n"
        }
        return out
    }

    /// The usage line of `command`, from the option table: its words, its arguments and its options.
    static func usage(_ command: Arguments.Command) -> String {
        var parts = ["coinwatch"]
        if command != .run { parts.append(command.rawValue) }
        parts += arguments(command)
        parts += synopsisOptions(command).map { "[\($0.name)\($0.value.map { " <\($0)>" } ?? "")]" }
        return parts.joined(separator: " ")
    }
}
