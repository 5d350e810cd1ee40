import CoinWatchSupport
extension ConditionRegistry {
    /// The schema's parts the registry owns, as `RulesSchema` constraints: `$defs.when`, and in `$defs.rule.allOf`
    /// the kinds that take `rearm` and `resolve`.
    static var schemaConstraints: [([String], JSONNode)] {
        let resolveTrue = RulesSchema.node(["required": ["resolve"],
                                            "properties": RulesSchema.node(["resolve": RulesSchema.node(["const": true])])])
        return [
            (["$defs", "when"], whenSchema()),
            (["$defs", "rule", "allOf"], RulesSchema.list([
                RulesSchema.node(["if": RulesSchema.node(["required": ["rearm"]]), "then": when(anyOf: kinds.filter { $0.rearm != .notAllowed })]),
                RulesSchema.node(["if": resolveTrue, "then": when(anyOf: kinds.filter { $0.resolvable })]),
            ])),
        ]
    }

    /// `$defs.when`: an object with exactly one of the kinds' keys.
    static func whenSchema() -> JSONNode {
        let level = kinds.filter { $0.timing == .level }.map { $0.key }.joined(separator: ", ")
        let event = kinds.filter { $0.timing == .event }.map { $0.key }.joined(separator: ", ")
        let description = "Exactly one condition. Level conditions (\(level)) notify when they become true; "
            + "event conditions (\(event)) on the event."
        let properties = kinds.map { JSONNode.Member(key: $0.key, line: 0, column: 0, value: kindSchema($0)) }
        return RulesSchema.node(["description": description, "type": "object", "minProperties": 1, "maxProperties": 1,
                                 "additionalProperties": false, "properties": JSONNode(.object(properties), line: 0, column: 0)])
    }

    /// One kind's entry in `$defs.when.properties`: its `schema` after a description.
    static func kindSchema(_ kind: any ConditionKind.Type) -> JSONNode {
        let description = JSONNode.Member(key: "description", line: 0, column: 0,
                                          value: JSONNode(.string("\(kind.summary) (\(kind.timing.rawValue))."), line: 0, column: 0))
        return JSONNode(.object([description] + (kind.schema.members ?? [])), line: 0, column: 0)
    }

    /// A rule's `then`: its `when` holds one of `kinds`.
    private static func when(anyOf kinds: [any ConditionKind.Type]) -> JSONNode {
        let anyOf: [JSONNode] = kinds.map { RulesSchema.node(["required": [$0.key]]) }
        return RulesSchema.node(["properties": RulesSchema.node(["when": RulesSchema.node(["anyOf": anyOf])])])
    }
}
