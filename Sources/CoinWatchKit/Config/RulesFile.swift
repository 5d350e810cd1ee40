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
    /// Named sinks; always holds "stdout".
    public var sinks: [String: SinkConfig] = ["stdout": .stdout]
    /// `heartbeat`: pinged after every pass (SPEC §11); nil when rules.json has none.
    public var heartbeat: HeartbeatConfig?

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

    public init(name: ProviderName, baseURL: String? = nil, apiKeyEnv: String? = nil,
                cacheTTL: Double = 60, timeout: Double = 10, caFile: String? = nil) {
        self.name = name
        self.baseURL = baseURL
        self.apiKeyEnv = apiKeyEnv
        self.cacheTTL = cacheTTL
        self.timeout = timeout
        self.caFile = caFile
    }
}

/// One rule of `rules[]`.
public struct Rule: Sendable, Equatable {
    public var id: String
    /// A favorite as written, or "*".
    public var coin: String
    public var condition: Condition
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

/// A `new_high`/`new_low` window.
public enum Window: String, Sendable, Equatable, CaseIterable {
    case h24 = "24h", d7 = "7d", d30 = "30d", w52 = "52w", all

    /// Length in seconds; nil for `all`.
    public var seconds: Double? {
        switch self {
        case .h24: return 86_400
        case .d7: return 7 * 86_400
        case .d30: return 30 * 86_400
        case .w52: return 364 * 86_400
        case .all: return nil
        }
    }
}

/// The `when` of a rule: exactly one condition (SPEC §2).
public enum Condition: Sendable, Equatable {
    case above(Double)
    case below(Double)
    case crossesAbove(Double)
    case crossesBelow(Double)
    case crosses(Double)
    case change24hAbove(Double)
    case change24hBelow(Double)
    case change24hAbs(Double)
    case newHigh(Window)
    case newLow(Window)
    /// Percent (negative for a fall) within seconds.
    case movePct(pct: Double, within: Double)
    case entersRange(low: Double, high: Double)
    case exitsRange(low: Double, high: Double)

    /// The key as written in rules.json (`crosses_above`).
    public var key: String {
        switch self {
        case .above: return "above"
        case .below: return "below"
        case .crossesAbove: return "crosses_above"
        case .crossesBelow: return "crosses_below"
        case .crosses: return "crosses"
        case .change24hAbove: return "change_24h_above"
        case .change24hBelow: return "change_24h_below"
        case .change24hAbs: return "change_24h_abs"
        case .newHigh: return "new_high"
        case .newLow: return "new_low"
        case .movePct: return "move_pct"
        case .entersRange: return "enters_range"
        case .exitsRange: return "exits_range"
        }
    }

    /// Level conditions notify on becoming true; the others (crossings, ranges) on the event.
    public var isLevel: Bool {
        switch self {
        case .crossesAbove, .crossesBelow, .crosses, .entersRange, .exitsRange: return false
        default: return true
        }
    }

    /// The number the alert record reports as `threshold`, where one applies.
    public var threshold: Double? {
        switch self {
        case .above(let v), .below(let v), .crossesAbove(let v), .crossesBelow(let v), .crosses(let v),
             .change24hAbove(let v), .change24hBelow(let v), .change24hAbs(let v):
            return v
        case .movePct(let pct, _): return pct
        case .newHigh, .newLow, .entersRange, .exitsRange: return nil
        }
    }

    /// Every key that may stand in `when`.
    public static let allKeys = [
        "above", "below", "crosses_above", "crosses_below", "crosses",
        "change_24h_above", "change_24h_below", "change_24h_abs",
        "new_high", "new_low", "move_pct", "enters_range", "exits_range",
    ]
}

/// A sink of `sinks`.
public enum SinkConfig: Sendable, Equatable {
    case stdout
    /// Absolute path (resolved against rules.json's folder and `~`).
    case file(path: String)
    case webhook(WebhookConfig)
}

/// A webhook sink. `url` and header values may hold secrets: never print them unredacted.
public struct WebhookConfig: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case slack, discord, telegram, ntfy, teams, json
    }
    public var url: String
    public var format: Format
    public var headers: [HTTPHeader] = []
    public var chatID: String?
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
