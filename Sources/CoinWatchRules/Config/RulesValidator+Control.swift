import CoinWatchSupport
extension RulesValidator {
    static let controlKeys = ["telegram", "matrix"]
    static let controlChatKeys = ["sink", "users", "admins"]

    /// `control` (SPEC §13): `telegram` and `matrix`, each `{sink, users, admins}`; the sink must be a
    /// webhook sink of that format. `sinks` is the `sinks` node, read for the named sink's type and format.
    mutating func validateControl(_ node: JSONNode, path: String, sinks: JSONNode?) -> ControlConfig? {
        let fields = object(node, path: path, allowed: Self.controlKeys)
        guard node.members != nil else { return nil }
        var config = ControlConfig()
        var valid = true
        for service in Self.controlKeys {
            guard let chatNode = fields[service] else { continue }
            let chat = controlChat(chatNode, service: service, path: JSONPath.child(path, service), sinks: sinks)
            if chat == nil { valid = false }
            if service == "telegram" { config.telegram = chat } else { config.matrix = chat }
        }
        return valid ? config : nil
    }

    /// One `control.<service>` object.
    private mutating func controlChat(_ node: JSONNode, service: String, path: String, sinks: JSONNode?) -> ControlChat? {
        let fields = object(node, path: path, allowed: Self.controlChatKeys)
        guard node.members != nil else { return nil }
        guard let sinkNode = fields["sink"] else {
            error("control.\(service) needs a sink: the name of a webhook sink with format \"\(service)\"", at: node, path: path)
            return nil
        }
        let sinkPath = JSONPath.child(path, "sink")
        guard let name = string(sinkNode, path: sinkPath), controlSink(name, node: sinkNode, service: service, path: sinkPath, sinks: sinks)
        else { return nil }
        var chat = ControlChat(sink: name.value)
        var valid = true
        for key in ["users", "admins"] {
            guard let listNode = fields[key] else { continue }
            guard let ids = controlSenders(listNode, service: service, path: JSONPath.child(path, key)) else {
                valid = false
                continue
            }
            if key == "users" { chat.users = ids } else { chat.admins = ids }
        }
        return valid ? chat : nil
    }

    /// Whether sink `name` exists and is a webhook of format `service`; reports it otherwise (did-you-mean
    /// among the sinks of that format).
    private mutating func controlSink(_ name: ConfigString, node: JSONNode, service: String, path: String, sinks: JSONNode?) -> Bool {
        let members = sinks?.members ?? []
        let fitting = members.filter { $0.value["type"]?.stringValue == "webhook" && $0.value["format"]?.stringValue == service }.map(\.key)
        guard let sink = members.first(where: { $0.key == name.value }) else {
            let hint = fitting.isEmpty
                ? " Define a sink {\"type\": \"webhook\", \"format\": \"\(service)\", …} under sinks and name it here."
                : Self.suggestion(for: name, in: fitting, label: "Sinks with format \(service)")
            error("unknown sink \(name.shown)." + hint, at: node, path: path)
            return false
        }
        guard fitting.contains(sink.key) else {
            let type = sink.value["type"]?.stringValue ?? "?"
            let format = sink.value["format"]?.stringValue.map { " with format \($0)" } ?? ""
            error("sink \(name.shown) is a \(type) sink\(format); control.\(service) needs a webhook sink with format \"\(service)\"",
                  at: node, path: path)
            return false
        }
        return true
    }

    /// `users` or `admins`: Telegram numeric user ids, or Matrix ids `@name:server`.
    private mutating func controlSenders(_ node: JSONNode, service: String, path: String) -> [String]? {
        let what = service == "telegram" ? "numeric Telegram user ids" : "Matrix user ids such as \"@ana:example.org\""
        guard let elements = array(node, path: path, of: what) else { return nil }
        var ids: [String] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path, index)
            if service == "telegram" {
                guard let number = element.numberValue, number == number.rounded(), number > 0, number < 1e15 else {
                    error("expected a numeric Telegram user id such as 123456789 (ask @userinfobot), got \(element.typeName)",
                          at: element, path: elementPath)
                    valid = false
                    continue
                }
                ids.append(String(Int64(number)))
            } else {
                guard let text = string(element, path: elementPath) else {
                    valid = false
                    continue
                }
                let parts = text.value.split(separator: ":", maxSplits: 1)
                guard text.value.hasPrefix("@"), parts.count == 2, parts[0].count > 1, !parts[1].isEmpty else {
                    error("\(text.shown) is not a Matrix user id; write it as \"@name:server\"", at: element, path: elementPath)
                    valid = false
                    continue
                }
                ids.append(text.value)
            }
        }
        return valid ? ids : nil
    }
}
