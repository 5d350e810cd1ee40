/// Which parts of a state file a read-only command needs (`StateStore.load(path:sections:)`): the
/// others are skipped unread, so `silence list` or `explain` on a 10,000-pair state stays fast. A
/// document read this way is for reading only; commands that save read the whole file.
package struct StateSections: Sendable, Equatable {
    /// Top-level members to read (`version` always is); nil reads them all.
    package var names: Set<String>?
    /// When set, `quote_cache`, `prices`, `symbols` and `resolved` entries are read only for these coins (lower case).
    package var coins: Set<String>?
    /// When set, `pairs` are read only for this rule (and, with `coins`, only for those coins).
    package var rule: String?

    package init(names: Set<String>? = nil, coins: Set<String>? = nil, rule: String? = nil) {
        self.names = names
        self.coins = coins
        self.rule = rule
    }

    /// Everything.
    package static let all = StateSections()
    /// The silences only.
    package static let silences = StateSections(names: ["silences"])

    /// What explaining `rule` over `coins` needs: everything but the outbox, the file spool and the
    /// charts, with the cached quotes and price series of `coins` and the pairs of `rule` only.
    package static func explaining(rule: String, coins: [String]) -> StateSections {
        StateSections(names: ["prices", "pairs", "backoff", "unresolved", "last_pass", "symbols", "resolved", "quote_cache",
                              "listings", "windows", "silences", "outages", "counters"],
                      coins: Set(coins.map { $0.lowercased() }), rule: rule)
    }
}
