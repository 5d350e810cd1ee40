import CoinWatchSupport
extension RulesSchema {
    /// The `control` section's constraints: who may command, by service (SPEC §13).
    static var controlConstraints: [([String], JSONNode)] {
        let matrixID = node(["type": "array", "items": node(["type": "string", "pattern": "^@[^:]+:[\\s\\S]+$"])])
        let telegramID = node(["type": "array", "items": node(["type": "integer", "minimum": 1, "exclusiveMaximum": 1e15])])
        return [
            (["properties", "control", "properties", "telegram", "properties", "users"], telegramID),
            (["properties", "control", "properties", "telegram", "properties", "admins"], telegramID),
            (["properties", "control", "properties", "matrix", "properties", "users"], matrixID),
            (["properties", "control", "properties", "matrix", "properties", "admins"], matrixID),
        ]
    }
}
