import CoinWatchSupport
extension RulesSchema {
    /// The `control` section: a key per format that offers control (`SinkFormats.controlled`), its senders
    /// as the format writes them (SPEC §13).
    static var controlConstraints: [([String], JSONNode)] {
        let chats = SinkFormats.controlled.map { format in
            let senders = { (may: String) in
                node(["description": "\(format.senders) that may use \(may).", "type": "array", "items": format.senderSchema])
            }
            return JSONNode.Member(key: format.name, line: 0, column: 0, value: node([
                "type": "object", "additionalProperties": false, "required": ["sink"], "properties": node([
                    "sink": node(["description": "A webhook sink with format \(format.name).", "type": "string", "minLength": 1]),
                    "users": senders("the read commands"), "admins": senders("every command"),
                ]),
            ]))
        }
        return [(["properties", "control", "properties"], JSONNode(.object(chats), line: 0, column: 0))]
    }
}
