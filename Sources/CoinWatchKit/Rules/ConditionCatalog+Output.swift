extension ConditionCatalog {
    /// The `check --conditions` listing: each key, its description and an example.
    public static func text() -> String {
        let width = (kinds.map(\.key.count).max() ?? 0) + 2
        let indent = "  " + String(repeating: " ", count: width)
        return kinds.map { kind in
            "  " + kind.key.padding(to: width) + kind.summary + " (\(kind.isLevel ? "level" : "event"))\n"
                + indent + "e.g. " + kind.example + "\n"
        }.joined()
    }

    /// The listing as one JSON document (`check --conditions --json`).
    public static func json() -> String {
        JSONOut.array(kinds.map { kind in
            var o = JSONOut()
            o.add("key", kind.key)
            o.add("description", kind.summary)
            o.addRaw("example", kind.example)
            o.add("kind", kind.isLevel ? "level" : "event")
            o.add("rearm", kind.rearm)
            return o.text
        })
    }

    /// The conditions reference of the user guide (docs/conditions.md), generated from the registry.
    public static func markdown() -> String {
        var out = "<!-- Generated from ConditionCatalog (Sources/CoinWatchKit/Rules); a test keeps it in step. -->\n"
        out += "## Conditions reference\n\n"
        out += "Every rule has exactly one condition in `when`. **Level** conditions notify when they become true;\n"
        out += "**event** conditions notify when the event happens (see \"When a rule notifies\").\n"
        out += "`coinwatch check --conditions` prints the same list.\n\n"
        out += "| key | kind | true when | `rearm` |\n| --- | --- | --- | --- |\n"
        for kind in kinds {
            out += "| `\(kind.key)` | \(kind.isLevel ? "level" : "event") | \(escape(kind.summary)) | \(kind.rearm) |\n"
        }
        for kind in kinds {
            out += "\n### `\(kind.key)` (\(kind.isLevel ? "level" : "event"))\n\nTrue when \(kind.summary).\n\n"
            out += "```json\n{\"id\": \"example\", \"coin\": \"bitcoin\", \"when\": \(kind.example)}\n```\n\n"
            out += "| `when` | situation | fires? |\n| --- | --- | --- |\n"
            for example in kind.cases {
                out += "| `\(when(example.condition))` | \(escape(example.situation)) | \(example.holds ? "yes" : "no") |\n"
            }
        }
        return out
    }

    /// The `when` object of `condition` as rules.json writes it: `{"above": 100}`.
    public static func when(_ condition: Condition) -> String {
        let n = JSONOut.number
        let value: String
        switch condition {
        case .above(let v), .below(let v), .crossesAbove(let v), .crossesBelow(let v), .crosses(let v),
             .change24hAbove(let v), .change24hBelow(let v), .change24hAbs(let v):
            value = n(v)
        case .newHigh(let w), .newLow(let w): value = JSONOut.quote(w.rawValue)
        case .movePct(let pct, let within): value = #"{"pct": \#(n(pct)), "within": "\#(TimeText.duration(within))"}"#
        case .entersRange(let low, let high), .exitsRange(let low, let high): value = "[\(n(low)), \(n(high))]"
        }
        return "{\"\(condition.key)\": \(value)}"
    }

    private static func escape(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}
