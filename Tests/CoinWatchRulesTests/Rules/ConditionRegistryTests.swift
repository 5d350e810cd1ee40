@testable import CoinWatchSupport
@testable import CoinWatchRules
import Foundation
import Testing
@testable import TestHelpers

/// The registry of condition kinds drives everything a kind shows: every example runs through
/// the real parser and evaluator, and `check --conditions`, docs/conditions.md, rules.schema.json
/// and Fuzz/rules.dict are generated from it and committed current. Regenerate the committed
/// copies with `make schema` (`COINWATCH_WRITE_DOCS=1 swift test --filter ConditionRegistryTests`).
@Suite struct ConditionRegistryTests {
    static let now: Double = 1_800_000_000

    /// One example of one kind, named for what it shows.
    struct Example: Sendable, CustomTestStringConvertible {
        var key: String
        var level: Bool
        var example: ConditionExample
        var testDescription: String {
            "\(example.when) \(example.holds ? "holds" : "does not hold") at \(example.situation(level: level))"
        }
    }

    static let examples: [Example] = ConditionRegistry.kinds.flatMap { kind in
        kind.examples.map { Example(key: kind.key, level: kind.timing == .level, example: $0) }
    }

    /// `when` read by the real rules.json parser.
    /// The condition `when` as a rule on a Binance favorite reads it (Binance serves every
    /// timeframe's candles with volume, so `check` accepts every indicator example).
    static func parse(_ when: String) -> Condition? {
        let document = RulesFixture.document(rules: [#"{"id": "r1", "coin": "bitcoin", "when": \#(when)}"#],
                                             extra: #" "vs_currency": "usdt", "providers": [{"name": "binance"}],"#)
        return RulesFixture.rules(document)?.rules.first?.condition
    }

    /// Writes `generated` to `path` under `COINWATCH_WRITE_DOCS=1`, then returns what is committed there.
    static func committed(_ path: String, regeneratedAs generated: (String) throws -> String) throws -> (onDisk: String, generated: String) {
        let url = Fixtures.root + "/" + path
        let before = try String(contentsOfFile: url, encoding: .utf8)
        let text = try generated(before)
        if ProcessInfo.processInfo.environment["COINWATCH_WRITE_DOCS"] == "1", text != before {
            try text.write(toFile: url, atomically: true, encoding: .utf8)
        }
        return (try String(contentsOfFile: url, encoding: .utf8), text)
    }

    /// A kind's `unit` (what `{threshold}` and `{value}` count where only the alert record is at
    /// hand, AlertMessage) is the unit of its parsed threshold.
    @Test func everyKindsUnitIsTheUnitOfItsThreshold() throws {
        for kind in ConditionRegistry.kinds {
            for example in kind.examples {
                let condition = try #require(Self.parse(example.when), "\(example.when) is a valid when")
                if let threshold = condition.kind.threshold { #expect(threshold.unit == kind.unit, "\(kind.key)") }
            }
        }
    }

    @Test(arguments: examples)
    func everyExampleHoldsAsDocumentedThroughTheRealEvaluator(_ row: Example) throws {
        let condition = try #require(Self.parse(row.example.when), "\(row.example.when) is a valid when")
        #expect(condition.key == row.key, "an example of \(row.key) must use \(row.key)")
        let observation = row.example.observation(now: Self.now, indicators: condition.kind.needs.indicators,
                                                        premiums: condition.kind.needs.premiums)
        var pair = PairState()
        pair.reference = row.example.reference
        if row.example.firing {
            #expect(row.level, "only a level kind has a firing example")
            pair.firing = true
            pair.trueSince = Self.now - 60
            (pair.lastFired, pair.lastNotified, pair.firedOnce) = (Self.now - 60, Self.now - 60, true)
        }
        let step = PairStep.advance(condition, rearm: nil, policy: NotifyPolicy(resolve: true), pair: pair,
                                    observation: observation)
        #expect(step.evaluation.holds == row.example.holds, "\(step.evaluation.reason)")
        #expect(!step.evaluation.reason.isEmpty)
        var (decidedPair, seen) = (pair, observation)
        let settings = PairStep.Settings(rearm: nil, policy: NotifyPolicy(resolve: true), remembers: condition.kind.needs.pairMemory,
                                         enabled: true, expiresAt: nil)
        let decided = PairStep.decide(0, of: [Rule(id: "r", coin: "c", condition: condition)], settings,
                                      pair: &decidedPair, observation: &seen)
        #expect(decided == step.decision && decidedPair == step.pair, "the pass decides as explain does")
        switch (row.example.firing, row.example.holds) {
        case (false, true): #expect(step.decision.status == .firing, "a fresh pair notifies: \(step.decision)")
        case (false, false): #expect(step.decision.status == nil, "\(step.decision)")
        case (true, true): #expect(step.decision == .silent(reason: .stillTrue), "still firing: \(step.decision)")
        case (true, false): #expect(step.decision.status == .resolved, "it resolves: \(step.decision)")
        }
    }

    @Test func everyKindHasExamplesThatHoldAndThatDoNotAndOneLineOfSummary() {
        for kind in ConditionRegistry.kinds {
            #expect(kind.examples.contains { $0.holds && !$0.firing }, "\(kind.key) needs an example that fires")
            #expect(kind.examples.contains { !$0.holds && !$0.firing }, "\(kind.key) needs an example that does not fire")
            #expect(!kind.summary.isEmpty && !kind.summary.contains("\n"), "\(kind.key): one line")
        }
    }

    @Test func keysAreUniqueAndInSpecOrder() {
        #expect(ConditionRegistry.keys == ["above", "below", "crosses_above", "crosses_below", "crosses",
                                      "change_24h_above", "change_24h_below", "change_24h_abs",
                                      "new_high", "new_low", "move_pct", "enters_range", "exits_range",
                                      "volume_24h_above", "volume_24h_below", "market_cap_above", "market_cap_below",
                                      "rank_within", "volume_spike", "rsi_above", "rsi_below", "rsi_crosses_above",
                                      "rsi_crosses_below", "ma_crosses_above", "ma_crosses_below", "price_above_ma",
                                      "price_below_ma", "bollinger_above", "bollinger_below", "change_from",
                                      "trailing_drop", "trailing_rise", "premium_above", "premium_below", "value_above",
                                      "value_below", "pnl_pct_above", "pnl_pct_below", "all", "any",
                                      "listed", "delisting", "caution"])
        #expect(Set(ConditionRegistry.keys).count == ConditionRegistry.kinds.count)
    }

    @Test func everyKindsSampleIsAValidWhenOfThatKind() throws {
        for kind in ConditionRegistry.kinds {
            let condition = try #require(Self.parse(kind.sample), "\(kind.key): \(RulesFixture.diagnostics(RulesFixture.rule(when: kind.sample)))")
            #expect(condition.key == kind.key)
        }
    }

    /// docs/conditions.md: each kind's example rule loads in a file with the default providers (and holdings).
    @Test func everyKindsExampleRuleLoadsWithTheDefaultProviders() {
        for kind in ConditionRegistry.kinds {
            let json = RulesFixture.document(rules: [ConditionRegistry.sampleRule(kind)],
                                             extra: #" "holdings": [{"coin": "bitcoin", "amount": 1, "price": 1}],"#)
            let errors = RulesFixture.diagnostics(json).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(kind.key): \(errors.map(\.message))")
        }
    }

    @Test func levelAndEventKindsMatchTheValidator() {
        let events = ConditionRegistry.kinds.filter { $0.timing == .event }.map { $0.key }
        #expect(events == ["crosses_above", "crosses_below", "crosses", "enters_range", "exits_range",
                           "rsi_crosses_above", "rsi_crosses_below", "ma_crosses_above", "ma_crosses_below",
                           "listed", "delisting", "caution"])
        let rearmable = ConditionRegistry.kinds.filter { $0.rearm != .notAllowed }.map { $0.key }
        #expect(rearmable == ["above", "below", "crosses_above", "crosses_below", "crosses",
                              "change_24h_above", "change_24h_below", "change_24h_abs"])
        #expect(rearmable == RulesValidator.rearmKinds)
    }

    @Test func checkConditionsListsEveryKindWithItsSample() {
        let run = CLIRun.run(["check", "--conditions"], now: Self.now)
        #expect(run.status == .success)
        #expect(run.stdout == ConditionRegistry.text())
        for kind in ConditionRegistry.kinds {
            #expect(run.stdout.contains("  \(kind.key) "), "\(kind.key) listed")
            #expect(run.stdout.contains("e.g. \(kind.sample)"))
        }
        #expect(run.stdout.split(separator: "\n").count == 2 * ConditionRegistry.kinds.count)
    }

    @Test func checkConditionsJSONIsOneDocumentFromTheRegistry() throws {
        let run = CLIRun.run(["check", "--conditions", "--json"], now: Self.now)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["key"] as? String } == ConditionRegistry.keys)
        #expect(list.allSatisfy { $0["example"] is [String: Any] && $0["description"] is String })
        #expect(list.map { $0["rearm"] as? String } == ConditionRegistry.kinds.map { $0.rearm.description })
    }

    @Test func docsConditionsReferenceIsGenerated() throws {
        let (onDisk, generated) = try Self.committed("docs/conditions.md") { _ in ConditionRegistry.markdown() }
        #expect(onDisk == generated, "docs/conditions.md is stale; regenerate it (see this suite's comment)")
    }

    /// `RulesSchema.generate` writes the registry's part (and the validator's tables'; `make schema`).
    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let (onDisk, generated) = try Self.committed("rules.schema.json") { try RulesSchema.generate(updating: $0) }
        #expect(onDisk == generated, "rules.schema.json is stale; regenerate it (see this suite's comment)")
    }

    @Test func theFuzzDictionaryIsGeneratedFromTheRegistry() throws {
        let (onDisk, generated) = try Self.committed("Fuzz/rules.dict") { ConditionRegistry.fuzzDictionary(updating: $0) }
        #expect(onDisk == generated, "Fuzz/rules.dict is stale; regenerate it (see this suite's comment)")
    }

    /// Adding a kind touches only its file and its registry line: everything a kind shows comes
    /// from the registry, checked kind by kind against the committed artefacts.
    @Test func everyRegisteredKindsExamplesSchemaDocsAndFuzzTokensComeFromTheRegistry() throws {
        let schema = try JSONParser.parse(Array(try String(contentsOfFile: Fixtures.root + "/rules.schema.json", encoding: .utf8).utf8))
        let docs = try String(contentsOfFile: Fixtures.root + "/docs/conditions.md", encoding: .utf8)
        let dictionary = try String(contentsOfFile: Fixtures.root + "/Fuzz/rules.dict", encoding: .utf8)
        let generatedSection = dictionary.components(separatedBy: ConditionRegistry.fuzzMarker + "\n").last ?? ""
        let properties = schema["$defs"]?["when"]?["properties"]
        #expect(properties?.members?.map(\.key) == ConditionRegistry.keys, "the schema's when names exactly the registry's kinds")
        for kind in ConditionRegistry.kinds {
            // Examples: the registry's, in the test above (one row each).
            #expect(Self.examples.filter { $0.key == kind.key }.count == kind.examples.count)
            // Schema: the kind's own value schema, described by its summary.
            let entry = try #require(properties?[kind.key], "\(kind.key) in the schema")
            #expect(entry == ConditionRegistry.kindSchema(kind).withPositions(of: entry), "\(kind.key)'s schema entry")
            #expect(entry["description"]?.stringValue?.hasPrefix(kind.summary) == true)
            // Docs: the kind's section, word for word.
            #expect(docs.contains(ConditionRegistry.section(kind)), "\(kind.key)'s docs section")
            // Fuzz: the kind's tokens, starting with its key.
            let tokens = ConditionRegistry.fuzzTokens(kind)
            #expect(tokens.first == "\"\\\"\(kind.key)\\\"\"")
            for token in tokens {
                #expect(dictionary.split(separator: "\n").contains(Substring(token)), "\(token) of \(kind.key) in Fuzz/rules.dict")
            }
            #expect(generatedSection.contains("\"\\\"\(kind.key)\\\"\""), "\(kind.key) in the generated section")
        }
    }
}

private extension JSONNode {
    /// This node with the line and column of `other` (and of its members, recursively), so two
    /// nodes compare by content only.
    func withPositions(of other: JSONNode) -> JSONNode {
        var copy = self
        copy.line = other.line
        copy.column = other.column
        copy.numberText = other.numberText
        switch (value, other.value) {
        case (.array(let mine), .array(let theirs)) where mine.count == theirs.count:
            copy.value = .array(zip(mine, theirs).map { $0.withPositions(of: $1) })
        case (.object(let mine), .object(let theirs)) where mine.count == theirs.count:
            copy.value = .object(zip(mine, theirs).map {
                Member(key: $0.key, line: $1.line, column: $1.column, value: $0.value.withPositions(of: $1.value))
            })
        default: break
        }
        return copy
    }
}
