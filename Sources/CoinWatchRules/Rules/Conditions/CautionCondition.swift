import CoinWatchSupport
import CoinWatchMarket
/// `caution`: the exchange flags the market (SPEC §14; event), only the listed `MarketFlag`s with a list;
/// each change notifies once, and with `resolve` the last flag clearing sends `resolved`.
struct CautionCondition: ExchangeEventKind {
    static let key = "caution"
    static let summary = "the exchange flags the market (a new set of flags: true, or only the flags listed)"
    static let resolvable = true
    static let sample = #"{"caution": ["PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING"]}"#
    static var schema: JSONNode {
        RulesSchema.node(["oneOf": [RulesSchema.node(["const": true]), RulesSchema.node([
            "type": "array", "minItems": 1, "uniqueItems": true, "items": RulesSchema.node(["enum": MarketFlag.known.map(\.name)]),
        ])]])
    }
    static let examples: [ConditionExample] = {
        let xyz = ExampleMarket("krw"), flagged = xyz.listed(flags: ["PRICE_FLUCTUATIONS"])
        return [
            ConditionExample(when: #"{"caution": true}"#, price: 1, market: xyz.change(xyz.listed(), flagged), holds: true),
            ConditionExample(when: #"{"caution": ["DEPOSIT_AMOUNT_SOARING"]}"#, price: 1, market: xyz.change(xyz.listed(), flagged), holds: false),
            ConditionExample(when: #"{"caution": true}"#, price: 1, market: xyz.change(flagged, flagged), holds: false),
        ]
    }()

    /// The flags that count; nil: every flag.
    var only: [String]?

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        if node.boolValue == true { return Self(only: nil) }
        guard let elements = node.elements, !elements.isEmpty else {
            reader.error("caution takes true or a list of flags, e.g. \(sample.dropFirst(12).dropLast())", at: node, path: path())
            return nil
        }
        let names = MarketFlag.known.map(\.name)
        var flags: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element.value else {
                reader.error("a flag is a string, got \(element.typeName)", at: element, path: JSONPath.element(path(), index))
                continue
            }
            guard names.contains(text) else {
                reader.error("unknown flag '\(text)'." + RulesValidator.suggestion(for: text, in: names, label: "Flags"),
                             at: element, path: JSONPath.element(path(), index))
                continue
            }
            if !flags.contains(text) { flags.append(text) }
        }
        return flags.count == elements.count ? Self(only: flags.sorted()) : nil
    }

    /// The flags of `market` that count.
    func counted(_ market: ListedMarket?) -> [String] {
        let flags = market?.flags ?? []
        guard let only else { return flags }
        return flags.filter(only.contains)
    }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let change = Self.change(o) else { return false }
        let now = counted(change.after)
        return !now.isEmpty && now != counted(change.before)
    }

    func clears(_ change: MarketChange) -> Bool {
        counted(change.after).isEmpty && !counted(change.before).isEmpty
    }

    func flags(_ change: MarketChange) -> [String]? {
        let now = counted(change.after)
        return now.isEmpty ? counted(change.before) : now
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        guard let change = Self.change(o) else { return "no market list compared yet" }
        let now = counted(change.after), before = counted(change.before)
        let text = { (flags: [String]) in flags.isEmpty ? "none" : flags.joined(separator: ", ") }
        return "\(change.code) flags counted: \(text(now)) (before: \(text(before)))"
    }

    /// `Upbit flags KRW-XYZ: price fluctuations, trading volume soaring`; resolved: `Upbit no longer
    /// flags KRW-XYZ (was: price fluctuations)`.
    func message(_ change: MarketChange, resolved: Bool) -> String {
        if resolved {
            return "\(change.exchangeName) no longer flags \(change.code) (was: \(MarketFlag.words(counted(change.before))))"
        }
        return "\(change.exchangeName) flags \(change.code): \(MarketFlag.words(counted(change.after)))"
    }

    func listing(vs: String) -> String {
        only.map { Self.key + " " + $0.joined(separator: ", ") } ?? Self.key
    }
}
