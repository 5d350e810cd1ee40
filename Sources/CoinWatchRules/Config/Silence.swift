import CoinWatchSupport
/// A silence (SPEC §11): the pairs it covers are evaluated as usual but notify nothing until it
/// ends. Kept in the state's `silences` section; an ended silence is pruned.
package struct Silence: Codable, Sendable, Equatable, StateRecord {
    /// The longest a silence may last: 366 days.
    package static let longest: Double = 366 * 86_400

    /// Short stable id, shown by `silence list` and taken by `silence expire`.
    package var id: String
    /// A rule id, a favorite, `RULE:COIN` or `*`.
    package var target: String
    /// Seconds since 1970 at which it ends.
    package var until: Double
    /// Seconds since 1970 at which it was added.
    package var created: Double
    /// Why, in the user's words.
    package var comment: String?

    package init(id: String, target: String, until: Double, created: Double, comment: String? = nil) {
        self.id = id
        self.target = target
        self.until = until
        self.created = created
        self.comment = comment
    }

    package static let fields = StateFields<Silence>(blank: Silence(id: "", target: "", until: 0, created: 0), [
        .required("id", \.id, .string),
        .required("target", \.target, .string),
        .required("until", \.until, .number),
        .required("created", \.created, .number),
        .optional("comment", \.comment, .string),
    ])
    package init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }

    /// Eight hex digits from the target and the time, not among `taken`.
    package static func newID(target: String, now: Double, taken: Set<String>) -> String {
        var salt = 0
        while true {
            let id = String(StableHash.hex([target, JSONOut.number(now), String(salt)]).prefix(8))
            if !taken.contains(id) { return id }
            salt += 1
        }
    }

    /// Whether it covers the pair of rule `rule` and coin `coin` (as written in rules.json).
    package func covers(rule: String, coin: String) -> Bool {
        Target(target).covers(rule: rule, coin: coin)
    }

    /// A silence target taken apart: everything, a rule or a coin (a bare name), or one pair.
    package enum Target: Sendable, Equatable {
        case everything
        /// A rule id or a favorite: covers the pairs of that rule and the pairs of that coin.
        case name(String)
        case pair(rule: String, coin: String)

        /// Reads `*`, `RULE:COIN` or a bare name.
        package init(_ text: String) {
            if text == "*" {
                self = .everything
            } else if let colon = text.firstIndex(of: ":") {
                self = .pair(rule: String(text[..<colon]), coin: String(text[text.index(after: colon)...]))
            } else {
                self = .name(text)
            }
        }

        /// Calls `body` with each target that covers the pair (rule, coin), the one home of that rule for `covers` (what
        /// `check` shows) and `SilenceIndex` (the passes): everything, the rule, the coin, each leg of a ratio (a favorite
        /// covers the ratios it is a leg of: `bitcoin` holds back `ethereum/bitcoin`), the pair and the rule on every coin.
        package static func forEachCovering(rule: String, coin: String, _ body: (Target) -> Void) {
            body(.everything)
            body(.name(rule))
            body(.name(coin))
            if let legs = RuleCoin.ratioParts(coin) {
                body(.name(legs.base))
                body(.name(legs.quote))
            }
            body(.pair(rule: rule, coin: coin))
            body(.pair(rule: rule, coin: "*"))
        }

        /// Whether the pair (rule, coin) falls under it.
        package func covers(rule: String, coin: String) -> Bool {
            var found = false
            Self.forEachCovering(rule: rule, coin: coin) { found = found || $0 == self }
            return found
        }
    }
}
