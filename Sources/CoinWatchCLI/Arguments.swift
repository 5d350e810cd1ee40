import CoinWatchSupport
import CoinWatchMarket
/// The command line, parsed. Options may stand before or after positional arguments.
package struct Arguments: Sendable, Equatable {
    /// The subcommands coinwatch knows.
    package enum Command: String, Sendable, CaseIterable {
        case run, check, state, notify, search, show, trending, favorites, backtest, stream, completion, silence, outbox, explain, `init`, watch, log, control
    }

    package var command: Command = .run
    package var positionals: [String] = []
    package var rulesPath: String?
    package var statePath: String?
    package var color: ColorPolicy.Mode = .auto
    package var json = false
    package var quiet = false
    package var verbose = false
    package var dryRun = false
    /// `--metrics PATH`: a Prometheus text file written after each pass.
    package var metricsPath: String?
    /// `--baseline`: the (first) pass records prices and pair states and notifies nothing.
    package var baseline = false
    package var once = false
    /// `--interval`, seconds.
    package var interval: Double?
    package var conditions = false
    package var online = false
    /// Every `--rule ID` given (`backtest`: replay only these rules).
    package var ruleIDs: [String] = []
    /// The last `--rule ID` (`state reset`, `log`).
    package var rule: String? { ruleIDs.last }
    /// `backtest --days N`.
    package var days: Int?
    /// `backtest --from TIME` / `--to TIME`, seconds since 1970.
    package var from: Double?
    package var to: Double?
    /// `backtest --step DUR`, seconds.
    package var step: Double?
    /// `notify --test`.
    package var test = false
    /// `notify --test --sink NAME`.
    package var sink: String?
    /// `--provider NAME` of the watchlist commands.
    package var provider: ProviderName?
    /// `search --limit N`.
    package var limit: Int?
    /// `show --vs CUR`, lower case.
    package var vs: String?
    /// `silence add --for DUR`, as given (the command parses it).
    package var silenceFor: String?
    /// `silence add --comment TEXT`.
    package var comment: String?
    /// `init --favorites LIST`, split at commas.
    package var favoritesList: [String]?
    /// `init --yes`: ask nothing.
    package var yes = false
    /// `show --range R`: draw the chart of this span.
    package var range: ChartRange?
    /// `show --png FILE`: write the chart image there (`-`: stdout).
    package var png: String?
    /// `favorites remove --force`.
    package var force = false
    /// `log --since DUR|TIME`, as given (the command reads it against its clock).
    package var since: String?
    /// `log --coin COIN`.
    package var coin: String?
    /// `log --status firing|resolved|undelivered`.
    package var status: String?
    /// `log --file PATH`: the JSON Lines log to read instead of the rules' first file sink.
    package var file: String?
    /// `log --follow`.
    package var follow = false
    /// `watch --sort`.
    var sort: WatchTable.SortKey?
    package var help = false
    package var version = false

    package init() {}
}

/// A bad command line (exit 64). `message` is the whole one-line error.
package struct UsageError: Error, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
