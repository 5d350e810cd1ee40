/// The command line, parsed. Options may stand before or after positional arguments.
public struct Arguments: Sendable, Equatable {
    /// The subcommands coinwatch knows.
    public enum Command: String, Sendable, CaseIterable {
        case run, check, state, notify, search, show, trending, favorites, backtest, stream, completion, silence, outbox, explain, `init`, watch
    }

    public var command: Command = .run
    public var positionals: [String] = []
    public var rulesPath: String?
    public var statePath: String?
    public var color: ColorPolicy.Mode = .auto
    public var json = false
    public var quiet = false
    public var verbose = false
    public var dryRun = false
    /// `--metrics PATH`: a Prometheus text file written after each pass.
    public var metricsPath: String?
    /// `--baseline`: the (first) pass records prices and pair states and notifies nothing.
    public var baseline = false
    public var once = false
    /// `--interval`, seconds.
    public var interval: Double?
    public var conditions = false
    public var online = false
    /// `state reset --rule ID`.
    public var rule: String?
    /// Every `--rule ID` given (`backtest`: replay only these rules).
    public var ruleIDs: [String] = []
    /// `backtest --days N`.
    public var days: Int?
    /// `backtest --from TIME` / `--to TIME`, seconds since 1970.
    public var from: Double?
    public var to: Double?
    /// `backtest --step DUR`, seconds.
    public var step: Double?
    /// `notify --test`.
    public var test = false
    /// `notify --test --sink NAME`.
    public var sink: String?
    /// `--provider NAME` of the watchlist commands.
    public var provider: ProviderName?
    /// `search --limit N`.
    public var limit: Int?
    /// `show --vs CUR`, lower case.
    public var vs: String?
    /// `silence add --for DUR`, as given (the command parses it).
    public var silenceFor: String?
    /// `silence add --comment TEXT`.
    public var comment: String?
    /// `init --favorites LIST`, split at commas.
    public var favoritesList: [String]?
    /// `init --yes`: ask nothing.
    public var yes = false
    /// `show --range R`: draw the chart of this span.
    public var range: ChartRange?
    /// `show --png FILE`: write the chart image there (`-`: stdout).
    public var png: String?
    /// `favorites remove --force`.
    public var force = false
    /// `watch --sort`.
    var sort: WatchTable.SortKey?
    public var help = false
    public var version = false

    public init() {}
}

/// A bad command line (exit 64). `message` is the whole one-line error.
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
