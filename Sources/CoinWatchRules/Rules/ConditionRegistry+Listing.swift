import CoinWatchSupport
import CoinWatchMarket
extension ConditionRegistry {
    /// The `check --conditions` listing: each key, its description and an example.
    package static func text() -> String {
        let width = (kinds.map { $0.key.count }.max() ?? 0) + 2
        let indent = "  " + String(repeating: " ", count: width)
        return kinds.map { kind in
            "  " + kind.key.padding(to: width) + kind.summary + " (\(kind.timing.rawValue))\n"
                + indent + "e.g. " + kind.sample + "\n"
        }.joined()
    }

    /// The listing as one JSON document (`check --conditions --json`).
    package static func json() -> String {
        JSONOut.array(kinds.map { kind in
            var o = JSONOut()
            o.add("key", kind.key)
            o.add("description", kind.summary)
            o.addRaw("example", kind.sample)
            o.add("kind", kind.timing.rawValue)
            o.add("rearm", kind.rearm.description)
            return o.text
        })
    }

    /// The conditions reference of the user guide (docs/conditions.md), generated from the registry.
    static func markdown() -> String {
        var out = "<!-- Generated from ConditionRegistry (Sources/CoinWatchRules/Rules); a test keeps it in step. -->\n"
        out += "## Conditions reference\n\n"
        out += "Every rule has exactly one condition in `when`. **Level** conditions notify when they become true;\n"
        out += "**event** conditions notify when the event happens (see \"When a rule notifies\" in rules.md).\n"
        out += "`coinwatch check --conditions` prints the same list.\n\n"
        out += "| key | kind | true when | `rearm` |\n| --- | --- | --- | --- |\n"
        for kind in kinds {
            out += "| `\(kind.key)` | \(kind.timing.rawValue) | \(escape(kind.summary)) | \(kind.rearm.description) |\n"
        }
        for kind in kinds { out += section(kind) }
        return out
    }

    /// One kind's section of the reference: its summary, a rule using it and its examples.
    static func section(_ kind: any ConditionKind.Type) -> String {
        var out = "\n### `\(kind.key)` (\(kind.timing.rawValue))\n\nTrue when \(kind.summary).\n\n"
        out += "```json\n\(sampleRule(kind))\n```\n\n"
        out += "| `when` | situation | holds? |\n| --- | --- | --- |\n"
        for example in kind.examples {
            out += "| `\(example.when)` | \(escape(example.situation(level: kind.timing == .level))) | \(example.holds ? "yes" : "no") |\n"
        }
        return out
    }

    /// A rule using `kind`'s sample that `check` passes with the default providers: a kind reading candle volume,
    /// which the default provider's candles lack, is pinned to the last provider whose 1h candles carry it.
    static func sampleRule(_ kind: any ConditionKind.Type) -> String {
        var pin = ""
        if kind.readsCandleVolume, let name = ProviderRegistry.names(where: { $0.candleRefusal(.h1, volume: true) == nil }).last {
            pin = "\"provider\": \"\(name.rawValue)\", \"vs\": \"\(ProviderRegistry.knownCurrencies(name)[0])\", "
        }
        return "{\"id\": \"example\", \"coin\": \"bitcoin\", \(pin)\"when\": \(kind.sample)}"
    }

    private static func escape(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}
