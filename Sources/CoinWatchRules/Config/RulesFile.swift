import CoinWatchTransport
import CoinWatchMarket
import FoundationEssentials

/// rules.json, validated (SPEC §2). Durations are in seconds, percentages 0–100.
package struct RulesFile: Sendable, Equatable {
    /// Absolute path of the file it was read from.
    package var path: String
    /// Quote currency, lower case; default "usd".
    package var vsCurrency: String = "usd"
    /// Seconds between passes in loop mode; default 60.
    package var interval: Double = 60
    /// Seconds between two fetches of an exchange's market list for exchange events (SPEC §14); default 10m.
    package var listingInterval: Double = 600
    /// Providers in failover order; default `[coingecko]`.
    package var providers: [ProviderConfig] = [ProviderConfig(name: ProviderRegistry.fallback)]
    /// The watchlist, as written.
    package var favorites: [String] = []
    package var defaults: Defaults = Defaults()
    package var rules: [Rule] = []
    /// `holdings` lots, in the order written (SPEC §2); their coins are among `favorites`.
    package var holdings: [Holding] = []
    /// Named sinks; always holds "stdout".
    package var sinks: [String: SinkConfig] = ["stdout": .stdout]
    /// The sink names in the order rules.json writes them, `"stdout"` first.
    package var sinkOrder: [String] = ["stdout"]
    /// Every value a `${NAME}` or `${file:…}` gave a provider or a sink, and each provider's API key (`api_key_env`'s
    /// value): secrets, scrubbed from all output (SPEC §3).
    package var secrets: [String] = []
    /// `heartbeat`: pinged after every pass (SPEC §11); nil when rules.json has none.
    package var heartbeat: HeartbeatConfig?
    /// `control`: the chats that may manage coinwatch (SPEC §13), by their format's name; nil when rules.json has none.
    package var control: [String: ControlChat]?
    /// `control_log`: the audit log of commands from chat (absolute); nil: `control.jsonl` beside the state.
    package var controlLog: String?
    /// Why chat control is off in this run: `control_log` holds a `${…}` that cannot be expanded (SPEC §2; it names the
    /// variable or file, never a value); nil when nothing stops it.
    package var controlUnavailable: String?

    package init(path: String) { self.path = path }

    /// The path of the first `file` sink in rules.json's order (`coinwatch log` reads it); nil when there is none.
    package var firstFileSinkPath: String? {
        for name in sinkOrder {
            if case .file(let path)? = sinks[name] { return path }
        }
        return nil
    }
}

/// `defaults` in rules.json.
package struct Defaults: Sendable, Equatable {
    /// Seconds; default 0.
    package var cooldown: Double = 0
    /// Sink names; default ["stdout"].
    package var notify: [String] = ["stdout"]
    package init() {}
}

/// One rule of `rules[]`.
package struct Rule: Sendable, Equatable {
    package var id: String
    /// A favorite as written, `"*"`, a ratio `"A/B"` of two favorites as written, or `"portfolio"`.
    package var coin: String
    package var condition: Condition
    /// This rule's quote currency, lower case; nil means `vs_currency`.
    package var vs: String?
    /// Quote this rule from this provider only (no failover); nil means the providers in order.
    package var provider: ProviderName?
    /// Seconds the level condition must hold before notifying.
    package var forDuration: Double?
    /// Seconds; nil means `defaults.cooldown`.
    package var cooldown: Double?
    /// Seconds after which a still-true level condition notifies again.
    package var repeatEvery: Double?
    /// Hysteresis: percent of the threshold (price kinds) or points (`change_*`).
    package var rearm: Double?
    package var once: Bool = false
    package var resolve: Bool = false
    /// Sink names; nil means `defaults.notify`.
    package var notify: [String]?
    /// Template with `{placeholders}`.
    package var message: String?
    /// After this instant the rule is ignored.
    package var expires: Date?
    package var enabled: Bool = true
    /// `chart`: this rule's alerts carry the chart of this range, or none (`.none`); nil leaves it
    /// to each sink's `chart` (SPEC §12).
    package var chart: ChartChoice?

    package init(id: String, coin: String, condition: Condition) {
        self.id = id
        self.coin = coin
        self.condition = condition
    }
}

/// A sink of `sinks`.
package enum SinkConfig: Sendable, Equatable {
    case stdout
    /// Absolute path (resolved against rules.json's folder and `~`).
    case file(path: String)
    case webhook(WebhookConfig)
    /// Runs a program per alert (SPEC §3).
    case command(CommandConfig)
    /// Sends mail over SMTP (SPEC §3).
    case email(EmailConfig)
    /// A sink of any type that cannot be used in this pass (a `${…}` inside it is unset, empty or unreadable):
    /// its alerts wait in the outbox (a file sink's go to its file once it is back). `reason` names the
    /// variable or path, never a value.
    case unavailable(type: String, reason: String)
}

/// A rule's `chart` (SPEC §12): none, or the chart of a range.
package enum ChartChoice: Sendable, Equatable {
    case none
    case range(ChartRange)
}

/// A webhook sink. `url` and header values may hold secrets: never print them unredacted.
package struct WebhookConfig: Sendable, Equatable {
    package var url: String
    package var format: Format
    package var headers: [HTTPHeader] = []
    /// `chat_id`: the chat to post to, for the formats that need one.
    package var chatID: String?
    /// `token`: the app or access token of the formats that need one (a secret).
    package var token: String?
    /// `user`: a user key, for the formats that need one (a secret).
    package var user: String?
    /// `room`: a room id (`!abc:example.org`), for the formats that post to one.
    package var room: String?
    /// Seconds per request; default 10.
    package var timeout: Double = 10
    package var group: Bool = false
    /// Local-time window "HH:MM-HH:MM" as minutes since midnight (start, end).
    package var quietHours: QuietHours?
    package var caFile: String?
    /// `chart`: each alert carries an image of its coin's price over this range (SPEC §12); nil: none.
    package var chart: ChartRange?
    /// A sink whose chat is under `control`: its alerts carry the buttons `Silence 1h`, `Silence 24h`, `Chart` (SPEC §13).
    package var controlButtons = false
}

/// `quiet_hours`: minutes since local midnight; the window may wrap past midnight.
package struct QuietHours: Sendable, Equatable {
    package var start: Int
    package var end: Int

    /// Whether `minute` (0..<1440) falls inside the window.
    package func contains(minute: Int) -> Bool {
        if start == end { return false }
        return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }
}
