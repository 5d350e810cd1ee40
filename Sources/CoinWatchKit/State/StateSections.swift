/// Which parts of a state file a read-only command needs (`StateStore.load(path:sections:)`): the
/// others are skipped unread, so `silence list` or `explain` on a 10,000-pair state stays fast. A
/// document read this way is for reading only; commands that save read the whole file.
public struct StateSections: Sendable, Equatable {
    /// Top-level members to read (`version` always is); nil reads them all.
    public var names: Set<String>?
    /// When set, `quote_cache` entries are read only for these coins (lower case).
    public var cachedCoins: Set<String>?

    public init(names: Set<String>? = nil, cachedCoins: Set<String>? = nil) {
        self.names = names
        self.cachedCoins = cachedCoins
    }

    /// Everything.
    public static let all = StateSections()
    /// The silences only.
    public static let silences = StateSections(names: ["silences"])

    /// Everything but the outbox, the file spool and the charts, with the cached quotes of `coins` only.
    public static func quoting(_ coins: [String]) -> StateSections {
        StateSections(names: ["prices", "pairs", "backoff", "unresolved", "last_pass", "symbols", "resolved", "quote_cache",
                              "listings", "windows", "silences", "outages", "counters"],
                      cachedCoins: Set(coins.map { $0.lowercased() }))
    }
}
