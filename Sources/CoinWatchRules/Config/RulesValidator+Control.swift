import CoinWatchSupport
extension RulesValidator {
    static let controlChatKeys = ["sink", "users", "admins"]

    /// `control` (SPEC §13): per format of `SinkFormats.controlled`, `{sink, users, admins}`, where the sink
    /// (looked up in `sinks`) must be a webhook sink of that format.
    mutating func validateControl(_ node: JSONNode, path: String, sinks: JSONNode?) -> [String: ControlChat]? {
        guard let fields = object(node, path: path, allowed: SinkFormats.controlled.map { $0.name }, expected: "an object") else { return nil }
        var chats: [String: ControlChat] = [:]
        var valid = true
        for format in SinkFormats.controlled {
            guard let chatNode = fields[format.name] else { continue }
            let before = diagnostics.count
            chats[format.name] = controlChat(chatNode, format: format, path: JSONPath.child(path, format.name), sinks: sinks)
            // Passes: an unset `${…}` turns chat control off for this chat only (SPEC §2), as it does a sink.
            if let reason = unavailable(since: before) { chats[format.name] = ControlChat(sink: "", unavailable: reason) }
            if chats[format.name] == nil { valid = false }
        }
        return valid ? chats : nil
    }

    /// One `control.<format>` object.
    private mutating func controlChat(_ node: JSONNode, format: any ControlFormat.Type, path: String, sinks: JSONNode?) -> ControlChat? {
        let service = format.name
        guard let fields = object(node, path: path, allowed: Self.controlChatKeys, expected: "an object") else { return nil }
        guard let sinkNode = fields["sink"] else {
            error("control.\(service) needs a sink: the name of a webhook sink with format \"\(service)\"", at: node, path: path)
            return nil
        }
        let sinkPath = JSONPath.child(path, "sink")
        let name = string(sinkNode, path: sinkPath)
        // A bad sink does not hide the users' and admins' own problems: check reports them all at once.
        var valid = false
        if let name { valid = controlSink(name, node: sinkNode, format: format, path: sinkPath, sinks: sinks) }
        var chat = ControlChat(sink: name?.value ?? "")
        for key in ["users", "admins"] {
            guard let listNode = fields[key] else { continue }
            guard let ids = controlSenders(listNode, format: format, path: JSONPath.child(path, key)) else {
                valid = false
                continue
            }
            if key == "users" { chat.users = ids } else { chat.admins = ids }
        }
        return valid ? chat : nil
    }

    /// Whether sink `name` exists, is a webhook of `format` and has a chat commands can come from; reports it otherwise (did-you-mean
    /// among the sinks of that format).
    private mutating func controlSink(_ name: ConfigString, node: JSONNode, format: any ControlFormat.Type, path: String, sinks: JSONNode?) -> Bool {
        let service = format.name
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
        if let chat = (sink.value["chat_id"] ?? sink.value["room"])?.stringValue,
           let problem = format.uncommandable(chat: EnvironmentExpander.expand(chat, environment: environment, folder: folder).value) {
            error("sink \(name.shown) \(problem)", at: node, path: path)
            return false
        }
        return true
    }

    /// `users` or `admins`: sender ids as `format` writes them.
    private mutating func controlSenders(_ node: JSONNode, format: any ControlFormat.Type, path: String) -> [String]? {
        guard let elements = array(node, path: path, of: format.senders) else { return nil }
        var ids: [String] = []
        for (index, element) in elements.enumerated() {
            guard let id = format.sender(element, path: JSONPath.element(path, index), validator: &self) else { continue }
            ids.append(id)
        }
        return ids.count == elements.count ? ids : nil
    }
}
