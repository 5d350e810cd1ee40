import CoinWatchSupport
import CoinWatchMarket
extension RulesSchema {
    /// The sinks' constraints, from the tables the sink validators use (one place, to move beside
    /// each sink format when the formats own their checks).
    static var sinkConstraints: [([String], JSONNode)] {
        let quietHours = node(["type": "string", "pattern": QuietHours.pattern])
        let chart = node(["type": ["string", "boolean"], "pattern": SchemaPattern.words(ChartRange.allCases.map(\.rawValue))])
        let address = node(["type": "string", "pattern": MailAddress.pattern + "|" + SchemaPattern.environment])
        let symbols = RulesValidator.headerNameSymbols
        let nameCharacters = symbols.filter { $0 != "-" } + (symbols.contains("-") ? "-" : "")
        let reserved = RulesValidator.reservedHeaders.sorted().map(SchemaPattern.caseless).joined(separator: "|")
        let headerNames = node(["pattern": "^[A-Za-z0-9" + nameCharacters + "]+$",
                                "not": node(["pattern": "^(?:" + reserved + ")$|^" + SchemaPattern.caseless(RulesValidator.reservedHeaderPrefix)])])
        let forbidden = "[" + RulesValidator.headerValueForbidden.map { SchemaPattern.unicode($0.value) }.joined() + "]"
        let formats = WebhookConfig.Format.allCases
        var required = [node(["if": formatIs(formats.filter { $0.type.defaultURL == nil }), "then": node(["required": ["url"]])])]
        for format in formats where !format.requiredFields.isEmpty {
            required.append(node(["if": formatIs([format]), "then": node(["required": format.requiredFields])]))
        }
        let nul = SchemaPattern.unicode(0)
        let argv = node([
            "type": "array", "minItems": 1,
            "prefixItems": [node(["type": "string", "pattern": SchemaPattern.template([], nonEmpty: true, forbidding: nul)])],
            "items": node(["type": "string", "pattern": SchemaPattern.template(MessageTemplate.placeholders + RulesValidator.argvPlaceholders,
                                                                               nonEmpty: false, forbidding: nul)]),
        ])
        let webhook = ["$defs", "webhookSink"], command = ["$defs", "commandSink"], email = ["$defs", "emailSink"]
        return [
            (webhook + ["properties", "url"], urlSchema(RulesValidator.webURLSchemes)),
            (webhook + ["properties", "format"], node(["enum": formats.map(\.rawValue)])),
            (webhook + ["properties", "headers"], node(["type": "object", "propertyNames": headerNames,
                                                        "additionalProperties": node(["type": "string", "not": node(["pattern": forbidden])])])),
            (webhook + ["properties", "chat_id"], node(["type": ["string", "integer"], "minLength": 1,
                                                        "exclusiveMinimum": -RulesValidator.chatIDLimit,
                                                        "exclusiveMaximum": RulesValidator.chatIDLimit])),
            (webhook + ["properties", "quiet_hours"], quietHours),
            (webhook + ["properties", "chart"], chart),
            (webhook + ["allOf"], list(required)),
            (command + ["properties", "argv"], argv),
            (command + ["properties", "quiet_hours"], quietHours),
            (email + ["properties", "url"], urlSchema(RulesValidator.mailURLSchemes)),
            (email + ["properties", "from"], address),
            (email + ["properties", "to"], node(["type": "array", "minItems": 1, "items": address])),
            (email + ["properties", "quiet_hours"], quietHours),
            (email + ["properties", "chart"], chart),
            (email + ["properties", "tls"], node(["enum": [RulesValidator.mailWithoutTLS]])),
            (email + ["allOf"], list([
                node(["if": node(["required": ["username"]]), "then": node(["required": ["password"]])]),
                node(["if": node(["required": ["password"]]), "then": node(["required": ["username"]])]),
                node(["if": node(["required": ["tls"]]), "then": node([
                    "properties": node(["url": node(["pattern": RulesValidator.localSMTPPattern])]),
                    "not": node(["required": ["password"]]),
                ])]),
            ])),
        ]
    }

    /// `if` the sink's format is one of `formats`.
    private static func formatIs(_ formats: [WebhookConfig.Format]) -> JSONNode {
        node(["properties": node(["format": node(["enum": formats.map(\.rawValue)])]), "required": ["format"]])
    }
}
