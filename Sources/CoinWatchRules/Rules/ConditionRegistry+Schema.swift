import CoinWatchSupport
extension ConditionRegistry {
    /// `committed` with the parts the condition registry owns (`$defs.when`, the kinds that take `rearm`
    /// and `resolve`) written anew. Throws when `committed` or a kind's `schema` is not JSON.
    static func schema(updating committed: String) throws(JSONSyntaxError) -> String {
        var root = try JSONParser.parse(Array(committed.utf8))
        let when = try whenSchema()
        let rearmable = kinds.filter { $0.rearm != .notAllowed }
        let resolvable = kinds.filter { $0.timing == .level }
        root = root.replacing("$defs") { defs in
            defs.replacing("when") { _ in when }.replacing("rule") { rule in
                rule.replacing("allOf") { allOf in
                    allOf.mappingElements { entry in
                        switch entry["if"]?["required"]?.elements?.first?.stringValue {
                        case "rearm": return entry.requiring(anyOf: rearmable)
                        case "resolve": return entry.requiring(anyOf: resolvable)
                        default: return entry
                        }
                    }
                }
            }
        }
        return root.prettyText()
    }

    /// `$defs.when`: an object with exactly one of the kinds' keys.
    static func whenSchema() throws(JSONSyntaxError) -> JSONNode {
        let level = kinds.filter { $0.timing == .level }.map { $0.key }.joined(separator: ", ")
        let event = kinds.filter { $0.timing == .event }.map { $0.key }.joined(separator: ", ")
        let description = "Exactly one condition. Level conditions (\(level)) notify when they become true; "
            + "event conditions (\(event)) on the event."
        var properties: [JSONNode.Member] = []
        for kind in kinds { properties.append(JSONNode.Member(key: kind.key, line: 0, column: 0, value: try kindSchema(kind))) }
        let head = try JSONParser.parse(Array(#"""
            {"description": \#(JSONOut.quote(description)), "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false}
            """#.utf8))
        return JSONNode(.object((head.members ?? []) + [JSONNode.Member(key: "properties", line: 0, column: 0,
                                                                          value: JSONNode(.object(properties), line: 0, column: 0))]),
                        line: 0, column: 0).unpositioned()
    }

    /// One kind's entry in `$defs.when.properties`: its `schema` after a description.
    static func kindSchema(_ kind: any ConditionKind.Type) throws(JSONSyntaxError) -> JSONNode {
        let value = try JSONParser.parse(Array(kind.schema.utf8))
        let description = JSONNode.Member(key: "description", line: 0, column: 0,
                                          value: JSONNode(.string("\(kind.summary) (\(kind.timing.rawValue))."), line: 0, column: 0))
        return JSONNode(.object([description] + (value.members ?? [])), line: 0, column: 0).unpositioned()
    }
}

private extension JSONNode {
    /// This object with member `key` replaced by `transform` of it; unchanged when it has none.
    func replacing(_ key: String, _ transform: (JSONNode) -> JSONNode) -> JSONNode {
        guard case .object(var members) = value, let index = members.firstIndex(where: { $0.key == key }) else { return self }
        members[index].value = transform(members[index].value)
        var copy = self
        copy.value = .object(members)
        return copy
    }

    /// This array with every element passed through `transform`.
    func mappingElements(_ transform: (JSONNode) -> JSONNode) -> JSONNode {
        guard case .array(let elements) = value else { return self }
        var copy = self
        copy.value = .array(elements.map(transform))
        return copy
    }

    /// An `{"if": …, "then": {"properties": {"when": {"anyOf": …}}}}` entry whose `anyOf` requires one of `kinds`.
    func requiring(anyOf kinds: [any ConditionKind.Type]) -> JSONNode {
        let list = kinds.map { kind in
            JSONNode(.object([Member(key: "required", line: 0, column: 0,
                                     value: JSONNode(.array([JSONNode(.string(kind.key), line: 0, column: 0)]), line: 0, column: 0))]),
                     line: 0, column: 0)
        }
        return replacing("then") { then in
            then.replacing("properties") { properties in
                properties.replacing("when") { when in
                    when.replacing("anyOf") { _ in JSONNode(.array(list), line: 0, column: 0) }
                }
            }
        }
    }

    /// The node with every position cleared, so the writer lays it out by width alone.
    func unpositioned() -> JSONNode {
        var copy = self
        copy.line = 0
        copy.column = 0
        switch value {
        case .array(let elements): copy.value = .array(elements.map { $0.unpositioned() })
        case .object(let members):
            copy.value = .object(members.map { Member(key: $0.key, line: 0, column: 0, value: $0.value.unpositioned()) })
        default: break
        }
        return copy
    }
}
