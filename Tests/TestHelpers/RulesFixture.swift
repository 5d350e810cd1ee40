@testable import CoinWatchRules

/// Builds rules.json documents for tests and loads them in memory.
enum RulesFixture {
    static let path = "/srv/cw/rules.json"
    static let environment = ["HOME": "/home/ann", "SLACK_WEBHOOK_URL": "https://hooks.slack.com/services/T0/B0/s3cr3t"]

    /// The outcome of loading `json`: the rules, or every diagnostic.
    static func load(_ json: String, environment: [String: String] = environment) -> Result<LoadedRules, RulesLoadError> {
        Result { () throws(RulesLoadError) in
            try RulesLoader.parse(bytes: Array(json.utf8), path: path, environment: environment)
        }
    }

    /// The diagnostics of an invalid document (empty when it loads).
    static func diagnostics(_ json: String, environment: [String: String] = environment) -> [Diagnostic] {
        switch load(json, environment: environment) {
        case .success: return []
        case .failure(.invalid(_, let diagnostics)): return diagnostics
        case .failure(.unreadable(_, let reason)): return [Diagnostic(file: path, line: nil, column: nil, jsonPath: "", message: reason)]
        }
    }

    /// The error diagnostics at `jsonPath` whose message contains `phrase`.
    static func errors(_ json: String, at jsonPath: String, containing phrase: String,
                       environment: [String: String] = environment) -> [Diagnostic] {
        diagnostics(json, environment: environment).filter {
            $0.severity == .error && $0.jsonPath == jsonPath && $0.message.contains(phrase)
        }
    }

    /// A document with favorites bitcoin/Ethereum, a `slack` webhook sink and the given rules.
    static func document(rules: [String], favorites: String = #"["bitcoin", "Ethereum"]"#, extra: String = "") -> String {
        """
        {
          "favorites": \(favorites),
          "sinks": {"slack": {"type": "webhook", "format": "slack", "url": "https://hooks.example/x"}},\(extra)
          "rules": [
            \(rules.joined(separator: ",\n    "))
          ]
        }
        """
    }

    /// A document holding one rule with `fields` added to a valid base.
    static func rule(_ fields: String = "", when: String = #"{"above": 100}"#) -> String {
        let more = fields.isEmpty ? "" : ", " + fields
        return document(rules: [#"{"id": "r1", "coin": "bitcoin", "when": \#(when)\#(more)}"#])
    }

    /// A minimal document with `sinks` replaced.
    static func sinks(_ sinks: String) -> String {
        #"{"sinks": \#(sinks)}"#
    }

    /// The loaded rules, or nil when the document is invalid.
    static func rules(_ json: String, environment: [String: String] = environment) -> RulesFile? {
        try? load(json, environment: environment).get().rules
    }
}
