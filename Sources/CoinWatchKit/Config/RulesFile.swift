#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// rules.json, validated (SPEC §2). Durations are in seconds, percentages 0–100.
public struct RulesFile: Sendable, Equatable {
    /// Absolute path of the file it was read from.
    public var path: String
    /// Quote currency, lower case; default "usd".
    public var vsCurrency: String = "usd"
    /// Seconds between passes in loop mode; default 60.
    public var interval: Double = 60
    /// Providers in failover order; default `[coingecko]`.
    public var providers: [ProviderConfig] = [ProviderConfig(name: .coingecko)]
    /// The watchlist, as written.
    public var favorites: [String] = []
    public var defaults: Defaults = Defaults()
    public var rules: [Rule] = []
    /// `holdings` lots, in the order written (SPEC §2); their coins are among `favorites`.
    public var holdings: [Holding] = []
    /// Named sinks; always holds "stdout".
    public var sinks: [String: SinkConfig] = ["stdout": .stdout]
    /// `heartbeat`: pinged after every pass (SPEC §11); nil when rules.json has none.
    public var heartbeat: HeartbeatConfig?
    /// `control`: the chats that may manage coinwatch (SPEC §13); nil when rules.json has none.
    public var control: ControlConfig?

    public init(path: String) { self.path = path }

    /// The folder that holds rules.json (relative sink paths start here).
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}

/// `defaults` in rules.json.
public struct Defaults: Sendable, Equatable {
    /// Seconds; default 0.
    public var cooldown: Double = 0
    /// Sink names; default ["stdout"].
    public var notify: [String] = ["stdout"]
    public init() {}
}

/// The provider names SPEC §6 knows.
public enum ProviderName: String, Sendable, Equatable, CaseIterable {
    case coingecko, coinpaprika, bithumb, upbit, binance
}

/// One entry of `providers`.
public struct ProviderConfig: Sendable, Equatable {
    public var name: ProviderName
    /// Replaces the public API root.
    public var baseURL: String?
    /// Name of the environment variable that holds the API key (never the key).
    public var apiKeyEnv: String?
    /// Seconds a response is reused; default 60.
    public var cacheTTL: Double = 60
    /// Seconds per request; default 10.
    public var timeout: Double = 10
    /// PEM bundle trusted in addition to the system's.
    public var caFile: String?
    /// The WebSocket root `stream` connects to instead of the exchange's public one (SPEC §9).
    public var wsURL: String?
    /// `stream_throttle`: `stream` evaluates a coin of this provider's feed at most once per this many
    /// seconds, coalescing the prices between (their low and high kept); nil evaluates every message.
    public var streamThrottle: Double?

    public init(name: ProviderName, baseURL: String? = nil, apiKeyEnv: String? = nil,
                cacheTTL: Double = 60, timeout: Double = 10, caFile: String? = nil, wsURL: String? = nil,
                streamThrottle: Double? = nil) {
        self.name = name
        self.baseURL = baseURL
        self.apiKeyEnv = apiKeyEnv
        self.cacheTTL = cacheTTL
        self.timeout = timeout
        self.caFile = caFile
        self.wsURL = wsURL
        self.streamThrottle = streamThrottle
    }
}

/// One rule of `rules[]`.
public struct Rule: Sendable, Equatable {
    public var id: String
    /// A favorite as written, `"*"`, a ratio `"A/B"` of two favorites as written, or `"portfolio"`.
    public var coin: String
    public var condition: Condition
    /// This rule's quote currency, lower case; nil means `vs_currency`.
    public var vs: String?
    /// Quote this rule from this provider only (no failover); nil means the providers in order.
    public var provider: ProviderName?
    /// Seconds the level condition must hold before notifying.
    public var forDuration: Double?
    /// Seconds; nil means `defaults.cooldown`.
    public var cooldown: Double?
    /// Seconds after which a still-true level condition notifies again.
    public var repeatEvery: Double?
    /// Hysteresis: percent of the threshold (price kinds) or points (`change_*`).
    public var rearm: Double?
    public var once: Bool = false
    public var resolve: Bool = false
    /// Sink names; nil means `defaults.notify`.
    public var notify: [String]?
    /// Template with `{placeholders}`.
    public var message: String?
    /// After this instant the rule is ignored.
    public var expires: Date?
    public var enabled: Bool = true

    public init(id: String, coin: String, condition: Condition) {
        self.id = id
        self.coin = coin
        self.condition = condition
    }
}

/// A sink of `sinks`.
public enum SinkConfig: Sendable, Equatable {
    case stdout
    /// Absolute path (resolved against rules.json's folder and `~`).
    case file(path: String)
    case webhook(WebhookConfig)
    /// Runs a program per alert (SPEC §3).
    case command(CommandConfig)
    /// Sends mail over SMTP (SPEC §3).
    case email(EmailConfig)
    /// A queued sink that cannot be used in this pass (a `${…}` inside it is unset, empty or
    /// unreadable): its alerts wait in the outbox. `reason` names the variable or path, never a value.
    case unavailable(type: String, reason: String)
}

/// A webhook sink. `url` and header values may hold secrets: never print them unredacted.
public struct WebhookConfig: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case slack, discord, telegram, ntfy, teams, pushover, gotify, matrix, json

        /// The fields besides `url` a sink of this format must have (SPEC §3).
        public var requiredFields: [String] {
            switch self {
            case .telegram: ["chat_id"]
            case .pushover: ["token", "user"]
            case .gotify: ["token"]
            case .matrix: ["token", "room"]
            case .slack, .discord, .ntfy, .teams, .json: []
            }
        }
    }
    public var url: String
    public var format: Format
    public var headers: [HTTPHeader] = []
    public var chatID: String?
    /// The app or access token of pushover, gotify and matrix (a secret).
    public var token: String?
    /// Pushover's user key (a secret).
    public var user: String?
    /// Matrix's room id (`!abc:example.org`).
    public var room: String?
    /// Seconds per request; default 10.
    public var timeout: Double = 10
    public var group: Bool = false
    /// Local-time window "HH:MM-HH:MM" as minutes since midnight (start, end).
    public var quietHours: QuietHours?
    public var caFile: String?

    public init(url: String, format: Format) {
        self.url = url
        self.format = format
    }
}

/// `quiet_hours`: minutes since local midnight; the window may wrap past midnight.
public struct QuietHours: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Whether `minute` (0..<1440) falls inside the window.
    public func contains(minute: Int) -> Bool {
        if start == end { return false }
        return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }
}
