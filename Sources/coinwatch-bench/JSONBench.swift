import CoinWatchSupport
import CoinWatchMarket
import CoinWatchState
import FoundationEssentials

/// `coinwatch-bench --json FIXTURE DIR`: times the JSON layer alone on the sizes the limits allow:
/// parsing a 1 MiB rules.json (the loader's ceiling) with positions, decoding 20 `/coins/markets`
/// pages of 250 coins each (a 5000-favorite pass, every element a copy of the first element of
/// FIXTURE with its id changed), and writing and reading the state of a 100,000-rule pass over 5000
/// coins (RuleBench's steady state) in DIR. Prints one JSON line of medians in milliseconds.
enum JSONBench {
    static func run(fixture: String, folder: String, repeats: Int) throws {
        let rules = rulesDocument(maxBytes: 1 << 20)
        let pages = try marketPages(fixture: fixture, coins: 5000, perPage: 250)
        let bench = RuleBench(quotes: 5000, rules: 100_000)
        let path = folder + "/state.json"
        var parse = Samples(), decode = Samples(), save = Samples(), load = Samples()
        for _ in 0..<repeats {
            parse.append(try Samples.wall { _ = try JSONParser.parse(rules) })
            decode.append(try Samples.wall { for page in pages { _ = try CoinGecko.decodeMarkets(page) } })
            save.append(try Samples.wall { try StateStore.save(bench.state, to: path) })
            load.append(try Samples.wall { _ = try StateStore.load(path: path) })
        }
        print("{\"rules_parse_ms\":\(parse.median),\"rules_bytes\":\(rules.count),"
            + "\"markets_5000_decode_ms\":\(decode.median),"
            + "\"state_100k_save_ms\":\(save.median),\"state_100k_load_ms\":\(load.median)}")
    }

    /// A rules.json of simple rules, as many as fit in `maxBytes`, pretty-printed.
    static func rulesDocument(maxBytes: Int) -> [UInt8] {
        var text = "{\n  \"version\": 1,\n  \"favorites\": [\"bitcoin\", \"ethereum\"],\n  \"rules\": [\n"
        var index = 0
        while true {
            let rule = "    {\"id\": \"r\(index)\", \"coin\": \"bitcoin\", \"when\": {\"price_above\": \(50_000 + index).25}, \"note\": \"caf\\u00e9 \(index)\"}"
            if text.utf8.count + rule.utf8.count + 8 > maxBytes { break }
            text += (index == 0 ? "" : ",\n") + rule
            index += 1
        }
        return Array((text + "\n  ]\n}\n").utf8)
    }

    /// `coins` copies of the fixture's first element, ids `coin-1`…, in pages of `perPage`.
    static func marketPages(fixture: String, coins: Int, perPage: Int) throws -> [[UInt8]] {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: fixture)))
        let text = String(decoding: bytes, as: UTF8.self)
        guard let open = text.firstIndex(of: "{"), let close = text.firstRange(of: "},")?.lowerBound else { return [] }
        let element = String(text[open...close])
        return stride(from: 1, through: coins, by: perPage).map { start in
            let items = (start..<min(start + perPage, coins + 1)).map {
                element.replacing("\"bitcoin\"", with: "\"coin-\($0)\"")
            }
            return Array(("[" + items.joined(separator: ",") + "]").utf8)
        }
    }
}
