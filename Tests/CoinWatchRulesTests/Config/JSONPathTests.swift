@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// The JSON paths messages name: `rules[2].when`, `sinks.team-chat.url`, `sinks["my sink"]`.
@Suite struct JSONPathTests {
    @Test(arguments: [
        ("", "rules", "rules"),
        ("rules[2]", "when", "rules[2].when"),
        ("rules[4999].when", "change_24h_abs", "rules[4999].when.change_24h_abs"),
        ("sinks", "team-chat", "sinks.team-chat"),
        ("a", "$schema", "a.$schema"),
        ("sinks", "my sink", #"sinks["my sink"]"#),
        ("sinks", #"say "hi"\now"#, #"sinks["say \"hi\"\\now"]"#),
        ("sinks", "café", #"sinks["café"]"#),
        ("sinks", "", #"sinks[""]"#),
        ("", "my sink", #"["my sink"]"#),
    ])
    func aChildIsWrittenDottedWhenPlainElseQuoted(parent: String, key: String, path: String) {
        #expect(JSONPath.child(parent, key) == path)
    }

    @Test func anElementIsIndexed() {
        #expect(JSONPath.element("rules", 0) == "rules[0]")
        #expect(JSONPath.element("rules[3].when.all", 12) == "rules[3].when.all[12]")
        #expect(JSONPath.element("rules", 19_999) == "rules[19999]")
        #expect(JSONPath.element("", 7) == "[7]")
        #expect(JSONPath.element("a", -3) == "a[-3]")
    }
}
