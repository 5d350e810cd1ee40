import CoinWatchSupport
import CoinWatchMarket
/// Checks a parsed rules.json against SPEC §2 and builds the `RulesFile`; nothing stops at the first
/// problem, `diagnostics` holds them all.
package struct RulesValidator {
    /// The most rules a file may hold.
    static let maxRules = 20_000
    /// The most favorites a file may hold.
    static let maxFavorites = 5_000
    /// The most (rule, coin) pairs the rules may make (a `"*"` rule makes one per favorite): 250,000
    /// keeps a release pass at about 0.7 s and 80 MiB, and the state near 11 MB (docs/reliability.md, Limits).
    static let maxPairs = 250_000
    /// The longest string (in characters) any value or key may be.
    static let maxStringLength = 4_096
    /// The largest file, in bytes (1 MiB).
    package static let maxFileBytes = 1 << 20

    package static let topLevelKeys = ["$schema", "vs_currency", "interval", "providers", "favorites", "defaults", "rules", "sinks", "holdings",
                               "heartbeat", "listing_interval", "control", "control_log"]

    /// The file as the user named it, for diagnostics.
    let file: String
    /// The absolute path of rules.json.
    let absolutePath: String
    /// The folder holding rules.json: relative paths and `${file:…}` start there.
    let folder: String
    let environment: [String: String]
    var diagnostics: [Diagnostic] = []
    /// When set (seconds since 1970), an `expires` at or before it is warned about (`coinwatch check`).
    var expiredAsOf: Double?
    /// Passes: a sink (the heartbeat, `control_log`) whose only errors are unset or empty variables or unreadable secret
    /// files is unavailable instead of an error (SPEC §2, §11; `unavailable(since:)`); `check` leaves this off.
    var tolerateSecretGaps = false
    /// Providers that do not quote in `vs_currency`, reported after the rules unless a rule asks
    /// that provider for another currency (`provider` with `vs`, or a premium's `against`).
    var unservedCurrencies: [(provider: ProviderConfig, vs: String, node: JSONNode, path: String)] = []
    /// Indices in `diagnostics` of errors that are an unset or empty variable or an unreadable secret file.
    var secretGaps: Set<Int> = []
    /// Whether the strings read now belong to a provider or a sink, whose `${…}` values are `secrets`.
    var readingSecrets = false
    /// Every value a `${NAME}` or `${file:…}` gave a provider or a sink, and each API key (`RulesFile.secrets`).
    var secrets: [String] = []
    /// Lower-cased favorite → its symbol (from the state), for "did you mean" on a coin written as a symbol.
    var symbols: [String: String] = [:]

    /// Favorites as written, or nil when `favorites` itself is malformed (coin checks are then skipped).
    private(set) var favoriteNames: [String]? = []
    /// Lower-cased favorite → the favorite as written (the first wins), so a rule's coin is found in O(1).
    private(set) var favoriteByKey: [String: String] = [:]

    /// Sets the favorites; `byKey` is their lookup when the caller already made it.
    mutating func setFavorites(_ names: [String]?, byKey: [String: String]? = nil) {
        favoriteNames = names
        favoriteByKey = byKey ?? Self.lookup(names ?? [])
    }
    /// Names of all sinks, or nil when `sinks` itself is malformed (notify checks are then skipped).
    var sinkNames: [String]? = ["stdout"]
    /// The most bytes any string or key took in the file as written (`JSONParser.longestString`), when
    /// known: a file whose longest is within `maxStringLength` holds no over-long string, unwalked.
    var longestString = Int.max

    init(file: String, absolutePath: String, environment: [String: String]) {
        self.file = file
        self.absolutePath = absolutePath
        folder = POSIXFile.folder(of: absolutePath)
        self.environment = environment
    }

    /// Whether any diagnostic is an error.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Validates the whole document; the result is meaningful only when `hasErrors` is false.
    mutating func validate(_ root: JSONNode) -> RulesFile {
        var result = RulesFile(path: absolutePath)
        checkStringLengths(root, path: "")
        guard root.members != nil else {
            error("rules.json must hold a JSON object at the top level, got \(root.typeName)", at: root, path: "")
            return result
        }
        let top = object(root, path: "", allowed: Self.topLevelKeys)
        if let node = top["$schema"] { _ = string(node, path: "$schema") }
        var currencyKnown = true
        if let node = top["vs_currency"] {
            let currency = vsCurrency(node, path: "vs_currency")
            result.vsCurrency = currency ?? result.vsCurrency
            currencyKnown = currency != nil
        }
        result.interval = field(top, "interval", in: "") { $0.duration($1, path: $2) } ?? result.interval
        result.listingInterval = field(top, "listing_interval", in: "") { $0.duration($1, path: $2) } ?? result.listingInterval
        readingSecrets = true
        if let node = top["providers"], let providers = validateProviders(node, path: "providers", vs: currencyKnown ? result.vsCurrency : nil) {
            result.providers = providers
        } else if top["providers"] == nil, currencyKnown, let node = top["vs_currency"],
                  let provider = result.providers.first, !Self.offers(provider.name, result.vsCurrency) {
            unservedCurrencies.append((provider, result.vsCurrency, node, "vs_currency"))
        }
        readingSecrets = false
        if let node = top["favorites"] {
            let favorites = validateFavorites(node, path: "favorites")
            setFavorites(favorites?.names, byKey: favorites?.byKey)
            result.favorites = favoriteNames ?? []
        }
        if let node = top["holdings"] {
            let (lots, watched) = validateHoldings(node, path: "holdings")
            result.holdings = lots
            if !watched.isEmpty, let names = favoriteNames {
                setFavorites(names + watched)
                result.favorites += watched
            }
        }
        readingSecrets = true
        if let node = top["sinks"] {
            let (names, sinks) = validateSinks(node, path: "sinks")
            sinkNames = names
            result.sinks = sinks
            result.sinkOrder = names ?? ["stdout"]
        }
        readingSecrets = false
        result.secrets = secrets
        result.defaults = field(top, "defaults", in: "") { $0.validateDefaults($1, path: $2) } ?? result.defaults
        let beforeHeartbeat = diagnostics.count
        result.heartbeat = field(top, "heartbeat", in: "") { $0.validateHeartbeat($1, path: $2) }
        if let reason = unavailable(since: beforeHeartbeat) { result.heartbeat = HeartbeatConfig(unavailable: reason) }
        if let node = top["control"] {
            result.control = validateControl(node, path: "control", sinks: top["sinks"])
            // Alerts to a chat under control carry its buttons (SPEC §13).
            for name in (result.control ?? [:]).values.map(\.sink) {
                guard case .webhook(var config)? = result.sinks[name], config.format.type.showsButtons else { continue }
                config.controlButtons = true
                result.sinks[name] = .webhook(config)
            }
        }
        let beforeControlLog = diagnostics.count
        result.controlLog = field(top, "control_log", in: "") { $0.filePath($1, path: $2) }
        if let reason = unavailable(since: beforeControlLog) { result.controlUnavailable = "control_log: \(reason)" }
        if let node = top["rules"] {
            result.rules = validateRules(node, path: "rules", file: result)
            checkPairCount(result, at: node)
        }
        reportUnservedCurrencies(asked: RulesFile.providersAsked(result.rules), providers: result.providers,
                                 vsNode: currencyKnown ? top["vs_currency"] : nil)
        return result
    }

    /// The value of `vs_currency`: letters and digits, stored in lower case.
    mutating func vsCurrency(_ node: JSONNode, path: String) -> String? {
        guard let text = string(node, path: path) else { return nil }
        let valid = !text.value.isEmpty && text.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard valid else {
            error("expected a currency code of letters and digits such as \"usd\" or \"krw\"", at: node, path: path)
            return nil
        }
        return text.value.lowercased()
    }

    /// Records an error at `node`.
    mutating func error(_ message: String, at node: JSONNode, path: String) {
        report(.error, message, line: node.line, column: node.column, path: path)
    }

    /// Records an unset or empty variable or an unreadable secret file, an error unless its sink may be unavailable.
    mutating func secretGap(_ message: String, at node: JSONNode, path: String) {
        secretGaps.insert(diagnostics.count)
        error(message, at: node, path: path)
    }

    /// Why the part validated since diagnostic `start` (a sink, the heartbeat) is unavailable in this pass: when
    /// `tolerateSecretGaps` is on and every error since is a secret gap, those are dropped and the first one's
    /// message is the reason; nil (the errors stand) otherwise.
    mutating func unavailable(since start: Int) -> String? {
        guard tolerateSecretGaps else { return nil }
        let new = diagnostics.indices.filter { $0 >= start && diagnostics[$0].severity == .error }
        guard let first = new.first, new.allSatisfy(secretGaps.contains) else { return nil }
        let reason = diagnostics[first].message
        for index in new.reversed() { diagnostics.remove(at: index) }
        secretGaps = secretGaps.filter { $0 < start }
        return reason
    }

    /// Records a warning at `node`.
    mutating func warning(_ message: String, at node: JSONNode, path: String) {
        report(.warning, message, line: node.line, column: node.column, path: path)
    }

    /// Records a diagnostic at a position.
    mutating func report(_ severity: Diagnostic.Severity, _ message: String, line: Int?, column: Int?, path: String) {
        diagnostics.append(Diagnostic(severity: severity, file: file, line: line, column: column, jsonPath: path, message: message))
    }
}
