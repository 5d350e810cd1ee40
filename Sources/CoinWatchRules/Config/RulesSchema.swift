import CoinWatchSupport
import CoinWatchMarket
/// rules.schema.json, generated (`make schema`): the committed file gives the layout and the descriptions,
/// every constraint comes from the table the validator checks against.
package enum RulesSchema {
    /// `committed` (the schema as it is) with every generated part written anew.
    /// Throws when `committed` is not JSON.
    package static func generate(updating committed: String) throws(JSONSyntaxError) -> String {
        var root = try JSONParser.parse(Array(committed.utf8))
        for (path, constraint) in ConditionRegistry.schemaConstraints + constraints + controlConstraints + sinkConstraints {
            root = root.constraining(path, with: constraint)
        }
        for key in DurationLimits.maxima.keys.sorted() {
            root = root.constraining(["$defs", "duration_" + key], with: durationSchema(key))
        }
        return root.referencingDurations().prettyText()
    }

    /// The provider names `check` accepts (in any case). The one place the schema reads them.
    static var providerNames: [String] { ProviderName.allCases.map(\.rawValue) }

    /// The constraints outside the sinks: a path in the schema → what stands there besides its annotations.
    static var constraints: [([String], JSONNode)] {
        let providerName = node(["type": "string", "pattern": SchemaPattern.words(providerNames)])
        let chart = node(["type": ["string", "boolean"], "pattern": SchemaPattern.words(ChartRange.allCases.map(\.rawValue))])
        let date = node(["type": "string", "pattern": DateTimeParser.pattern])
        // Not a word a rule's coin reserves (`RuleCoin.reservedMeaning`).
        let unreserved = "(?!(?:\\*|" + SchemaPattern.caseless(RuleCoin.portfolio) + ")$)"
        let lotCoin = "^(?!\\s*$)" + unreserved + "[^/]*$"
        return [
            (["properties", "favorites"], node([
                "type": "array", "maxItems": RulesValidator.maxFavorites, "uniqueItems": true,
                "items": node(["type": "string", "minLength": 1, "maxLength": RulesValidator.maxStringLength,
                                "pattern": "^" + unreserved + "[\\s\\S]*\\S"]),
            ])),
            (["properties", "rules"], node(["type": "array", "maxItems": RulesValidator.maxRules, "items": node(["$ref": "#/$defs/rule"])])),
            (["properties", "holdings", "items", "properties", "coin"], node(["type": "string", "pattern": lotCoin])),
            (["properties", "holdings", "items", "properties", "date"], date),
            (["properties", "heartbeat", "properties", "url"], urlSchema(RulesValidator.webURLSchemes)),
            (["$defs", "provider", "properties", "name"], providerName),
            (["$defs", "provider", "properties", "base_url"], urlSchema(RulesValidator.baseURLSchemes)),
            (["$defs", "provider", "properties", "ws_url"], urlSchema(RulesValidator.streamURLSchemes)),
            (["$defs", "rule", "properties", "provider"], providerName),
            (["$defs", "rule", "properties", "message"],
             node(["type": "string", "pattern": SchemaPattern.template(MessageTemplate.placeholders, nonEmpty: true)])),
            (["$defs", "rule", "properties", "expires"], date),
            (["$defs", "rule", "properties", "chart"], chart),
        ]
    }

    /// `$defs.duration_<key>`: a duration the key takes, within its limit.
    static func durationSchema(_ key: String) -> JSONNode {
        let maximum = DurationLimits.maxima[key] ?? DurationLimits.absolute
        let positive = DurationLimits.isPositive(at: key)
        let description = "A duration such as 90s, 15m, 1h30m or 7d" + (positive ? " longer than 0" : " (0 for none)")
            + ", at most \(TimeText.duration(maximum))."
        return node(["description": description, "type": "string",
                     "pattern": SchemaPattern.duration(maximum: maximum, positive: positive)])
    }

    /// A string that is a URL of one of `schemes` (`RulesValidator.isURL`), or holds a `${…}` (checked once expanded).
    static func urlSchema(_ schemes: [String]) -> JSONNode {
        node(["type": "string", "pattern": SchemaPattern.url(schemes)])
    }

    /// A schema object from a literal: values are strings, numbers, booleans, string arrays or nodes.
    static func node(_ members: KeyValuePairs<String, any Sendable>) -> JSONNode {
        JSONNode(.object(members.map { JSONNode.Member(key: $0.key, line: 0, column: 0, value: value($0.value)) }), line: 0, column: 0)
    }

    /// An object schema that takes only `properties`, `required` among them.
    static func object(required: [String], _ properties: KeyValuePairs<String, any Sendable>) -> JSONNode {
        node(["type": "object", "additionalProperties": false, "required": required, "properties": node(properties)])
    }

    /// A whole number in `range`.
    static func count(_ range: ClosedRange<Int>) -> JSONNode {
        node(["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound])
    }

    /// A number other than 0 (a rise or, negative, a fall).
    static let nonZero = node(["type": "number", "anyOf": [node(["exclusiveMinimum": 0]), node(["exclusiveMaximum": 0])]])

    /// A schema array (a constraint that replaces what stands at its path whole).
    static func list(_ elements: [JSONNode]) -> JSONNode { JSONNode(.array(elements), line: 0, column: 0) }

    private static func value(_ value: any Sendable) -> JSONNode {
        switch value {
        case let node as JSONNode: node
        case let text as String: JSONNode(.string(text), line: 0, column: 0)
        case let flag as Bool: JSONNode(.bool(flag), line: 0, column: 0)
        case let number as Int: JSONNode(.number(Double(number)), line: 0, column: 0)
        case let number as Double: JSONNode(.number(number), line: 0, column: 0)
        case let list as [String]: JSONNode(.array(list.map { Self.value($0) }), line: 0, column: 0)
        case let list as [JSONNode]: JSONNode(.array(list), line: 0, column: 0)
        default: JSONNode(.null, line: 0, column: 0)
        }
    }
}

/// Annotations a constrained schema keeps; everything else in it is generated.
private let annotations: Set<String> = ["description", "default", "title", "examples", "$comment"]

extension JSONNode {
    /// The schema with the object at `path` holding its annotations and then `constraint`'s members
    /// (made when missing); a `constraint` that is not an object replaces it whole.
    func constraining(_ path: [String], with constraint: JSONNode) -> JSONNode {
        guard let key = path.first else {
            guard constraint.members != nil else { return constraint }
            let given = Set((constraint.members ?? []).map(\.key))
            let kept = (members ?? []).filter { annotations.contains($0.key) && !given.contains($0.key) }
            var copy = self
            copy.value = .object(kept + (constraint.members ?? []))
            return copy
        }
        var members = self.members ?? []
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = members[index].value.constraining(Array(path.dropFirst()), with: constraint)
        } else {
            members.append(Member(key: key, line: 0, column: 0,
                                  value: JSONNode(.object([]), line: 0, column: 0).constraining(Array(path.dropFirst()), with: constraint)))
        }
        var copy = self
        copy.value = .object(members)
        return copy
    }

    /// Every member named for a duration key whose schema is a `$ref` to a duration, pointed at that key's `$defs.duration_<key>`.
    func referencingDurations() -> JSONNode {
        var copy = self
        switch value {
        case .array(let elements): copy.value = .array(elements.map { $0.referencingDurations() })
        case .object(let members):
            copy.value = .object(members.map { member in
                var member = member
                member.value = member.value.referencingDurations()
                if DurationLimits.maxima[member.key] != nil, let ref = member.value["$ref"]?.stringValue,
                   ref.hasPrefix("#/$defs/duration"), ref != "#/$defs/duration_" + member.key {
                    member.value = member.value.constraining([], with: RulesSchema.node(["$ref": "#/$defs/duration_" + member.key]))
                }
                return member
            })
        default: break
        }
        return copy
    }
}
