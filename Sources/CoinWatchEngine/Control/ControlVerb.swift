/// The commands a control chat takes (SPEC §13): each one's usage and who may use it.
package struct ControlVerb: Sendable, Equatable {
    /// `/silence TARGET DUR [COMMENT]`.
    package var usage: String
    /// What it does, for `/help`.
    package var summary: String
    /// Whether only admins may use it (it edits rules.json or the state).
    package var edits: Bool

    /// Every command, read commands first, in `/help` order.
    package static let all: [ControlVerb] = [
        ControlVerb(usage: "/price COIN", summary: "the last price coinwatch recorded", edits: false),
        ControlVerb(usage: "/chart COIN [RANGE]", summary: "the price chart over RANGE (1d, 7d, 30d, 90d, 1y or max; default 1d)", edits: false),
        ControlVerb(usage: "/list", summary: "favorites with price, 24h change and their rules' states", edits: false),
        ControlVerb(usage: "/rules", summary: "the rules", edits: false),
        ControlVerb(usage: "/explain RULE [COIN]", summary: "why a rule is quiet or firing", edits: false),
        ControlVerb(usage: "/silences", summary: "the silences in force", edits: false),
        ControlVerb(usage: "/outbox", summary: "messages waiting to be delivered", edits: false),
        ControlVerb(usage: "/log [N]", summary: "the last N alerts (default 10)", edits: false),
        ControlVerb(usage: "/help", summary: "this list", edits: false),
        ControlVerb(usage: "/silence TARGET DUR [COMMENT]", summary: "silence a rule, a coin, RULE:COIN or *", edits: true),
        ControlVerb(usage: "/unsilence ID", summary: "end a silence", edits: true),
        ControlVerb(usage: "/alert COIN KIND VALUE [OPTION=VALUE …]", summary: "add a rule, e.g. /alert btc above 100000 cooldown=1h", edits: true),
        ControlVerb(usage: "/remove RULE", summary: "remove a rule", edits: true),
        ControlVerb(usage: "/favorite add|remove COIN", summary: "add or remove a favorite", edits: true),
    ]

    /// The command's name, the first word of its usage without the slash: `silence`.
    package var name: String { String(usage.dropFirst().prefix { $0 != " " }) }

    /// The command named `name`, or nil.
    package static func named(_ name: String) -> ControlVerb? { all.first { $0.name == name } }
}
