@testable import CoinWatchKit
import Foundation
import Testing

/// The registry of condition kinds: every kind documented, every example true to the evaluator.
@Suite struct ConditionCatalogTests {
    static let now: Double = 1_800_000_000

    struct Example: Sendable, CustomTestStringConvertible {
        var key: String
        var example: ConditionCatalog.Case
        var testDescription: String {
            "\(ConditionCatalog.when(example.condition)) \(example.holds ? "fires" : "does not fire") at \(example.situation)"
        }
    }

    static let examples: [Example] = ConditionCatalog.kinds.flatMap { kind in
        kind.cases.map { Example(key: kind.key, example: $0) }
    }

    @Test(arguments: examples)
    func everyCatalogExampleHoldsAsDocumented(_ row: Example) {
        let evaluation = ConditionEvaluator.evaluate(row.example.condition, row.example.observation(now: Self.now))
        #expect(evaluation.holds == row.example.holds, "\(evaluation.reason)")
        #expect(row.example.condition.key == row.key, "an example of \(row.key) must use \(row.key)")
    }

    @Test func everyConditionKeyHasACatalogKind() {
        #expect(ConditionCatalog.kinds.map(\.key) == Condition.allKeys, "same kinds, in SPEC order")
    }

    @Test func everyKindHasExamplesThatFireAndThatDoNot() {
        for kind in ConditionCatalog.kinds {
            #expect(kind.cases.contains { $0.holds }, "\(kind.key) needs an example that fires")
            #expect(kind.cases.contains { !$0.holds }, "\(kind.key) needs an example that does not fire")
            #expect(!kind.summary.isEmpty && !kind.summary.contains("\n"), "\(kind.key): one line")
        }
    }

    @Test func everyKindsExampleIsAValidWhen() throws {
        for kind in ConditionCatalog.kinds {
            let json = RulesFixture.rule(when: kind.example)
            let rules = try #require(RulesFixture.rules(json), "\(kind.key): \(RulesFixture.diagnostics(json))")
            #expect(rules.rules.first?.condition.key == kind.key)
            for example in kind.cases {
                let when = ConditionCatalog.when(example.condition)
                #expect(RulesFixture.rules(RulesFixture.rule(when: when))?.rules.first?.condition == example.condition,
                        "\(when) reads back as the same condition")
            }
        }
    }

    @Test func levelAndEventKindsMatchTheEngine() {
        let events = ConditionCatalog.kinds.filter { !$0.isLevel }.map(\.key)
        #expect(events == ["crosses_above", "crosses_below", "crosses", "enters_range", "exits_range"])
        #expect(Set(events) == Set(RulesValidator.eventKinds))
        let rearmable = ConditionCatalog.kinds.filter { $0.rearm != "not allowed" }.map(\.key)
        #expect(Set(rearmable) == Set(RulesValidator.rearmKinds))
    }

    @Test func checkConditionsListsEveryKindWithAnExample() {
        let run = CLIRun.run(["check", "--conditions"], now: Self.now)
        #expect(run.status == .success)
        for kind in ConditionCatalog.kinds {
            #expect(run.stdout.contains("  \(kind.key) "), "\(kind.key) listed")
            #expect(run.stdout.contains("e.g. \(kind.example)"))
        }
        #expect(run.stdout.split(separator: "\n").count == 2 * ConditionCatalog.kinds.count)
    }

    @Test func checkConditionsJSONIsOneDocument() throws {
        let run = CLIRun.run(["check", "--conditions", "--json"], now: Self.now)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(list.map { $0["key"] as? String } == Condition.allKeys)
        #expect(list.allSatisfy { $0["example"] is [String: Any] && $0["description"] is String })
    }

    /// docs/conditions.md is generated from the registry; regenerate it with
    /// `COINWATCH_WRITE_DOCS=1 swift test --filter docsConditionsReferenceIsGenerated`.
    @Test func docsConditionsReferenceIsGenerated() throws {
        let path = Fixtures.root + "/docs/conditions.md"
        let generated = ConditionCatalog.markdown()
        if ProcessInfo.processInfo.environment["COINWATCH_WRITE_DOCS"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)
        #expect(onDisk == generated, "docs/conditions.md is stale; regenerate it (see this test's comment)")
    }
}
