/// The commands a control chat takes (SPEC §13): each one's usage and who may use it.
package struct ControlVerb: Sendable, Equatable {
    package var name: String
    /// `/silence TARGET DUR [COMMENT]`.
    package var usage: String
    /// What it does, for `/help`.
    package var summary: String
    /// Whether only admins may use it (it edits rules.json or the state).
    package var edits: Bool

    /// Every command, read commands first, in `/help` order.
    package static let all: [ControlVerb] = [
        ControlVerb(name: "price", usage: "/price COIN", summary: "the last price coinwatch recorded", edits: false),
        ControlVerb(name: "chart", usage: "/chart COIN [RANGE]", summary: "the price chart over RANGE (1d, 7d, 30d, 90d, 1y or max; default 1d)", edits: false),
        ControlVerb(name: "list", usage: "/list", summary: "favorites with price, 24h change and their rules' states", edits: false),
        ControlVerb(name: "rules", usage: "/rules", summary: "the rules", edits: false),
        ControlVerb(name: "explain", usage: "/explain RULE [COIN]", summary: "why a rule is quiet or firing", edits: false),
        ControlVerb(name: "silences", usage: "/silences", summary: "the silences in force", edits: false),
        ControlVerb(name: "outbox", usage: "/outbox", summary: "messages waiting to be delivered", edits: false),
        ControlVerb(name: "log", usage: "/log [N]", summary: "the last N alerts (default 10)", edits: false),
        ControlVerb(name: "help", usage: "/help", summary: "this list", edits: false),
        ControlVerb(name: "silence", usage: "/silence TARGET DUR [COMMENT]", summary: "silence a rule, a coin, RULE:COIN or *", edits: true),
        ControlVerb(name: "unsilence", usage: "/unsilence ID", summary: "end a silence", edits: true),
        ControlVerb(name: "alert", usage: "/alert COIN KIND VALUE [OPTION=VALUE …]", summary: "add a rule, e.g. /alert btc above 100000 cooldown=1h",
                    edits: true),
        ControlVerb(name: "remove", usage: "/remove RULE", summary: "remove a rule", edits: true),
        ControlVerb(name: "favorite", usage: "/favorite add|remove COIN", summary: "add or remove a favorite", edits: true),
    ]

    /// The command named `name`, or nil.
    package static func named(_ name: String) -> ControlVerb? { all.first { $0.name == name } }
}
