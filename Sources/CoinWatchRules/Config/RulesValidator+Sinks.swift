import CoinWatchSupport
extension RulesValidator {
    static let sinkTypes = ["stdout", "file", "webhook", "command", "email"]
    static let stdoutSinkKeys = ["type"]
    static let fileSinkKeys = ["type", "path"]
    static let webhookSinkKeys = ["type", "url", "format", "headers", "chat_id", "token", "user", "room", "timeout", "group",
                                  "quiet_hours", "ca_file", "chart"]
    static let commandSinkKeys = ["type", "argv", "timeout", "group", "quiet_hours", "env"]
    static let emailSinkKeys = ["type", "url", "from", "to", "username", "password", "ca_file", "tls", "timeout", "group", "quiet_hours", "chart"]

    /// `sinks`: name → sink. Returns every sink name (nil when `sinks` is not an object) and the valid sinks, `stdout` always among them.
    mutating func validateSinks(_ node: JSONNode, path: String) -> (names: [String]?, sinks: [String: SinkConfig]) {
        var sinks: [String: SinkConfig] = ["stdout": .stdout]
        let shape = #"an object of named sinks such as {"log": {"type": "file", "path": "alerts.jsonl"}}"#
        guard let members = typed(node.members, node, path: path, expected: shape) else { return (nil, sinks) }
        var names = ["stdout"]
        for member in members {
            let sinkPath = JSONPath.child(path, member.key)
            if member.key.isEmpty {
                report(.error, "a sink name cannot be empty", line: member.line, column: member.column, path: path)
                continue
            }
            if !names.contains(member.key) { names.append(member.key) }
            let before = diagnostics.count
            let sink = sink(member.value, name: member.key, path: sinkPath)
            // Whatever its type and whichever field the gap sits in (SPEC §2).
            if let type = member.value["type"]?.stringValue, Self.sinkTypes.contains(type), let reason = unavailable(since: before) {
                sinks[member.key] = .unavailable(type: type, reason: reason)
            } else if let sink {
                sinks[member.key] = sink
            }
        }
        return (names, sinks)
    }

    /// One sink object; its allowed keys depend on its `type`.
    mutating func sink(_ node: JSONNode, name: String, path: String) -> SinkConfig? {
        guard typed(node.members, node, path: path, expected: #"a sink object such as {"type": "stdout"}"#) != nil else { return nil }
        guard let typeNode = node["type"] else {
            error("a sink needs a type: stdout, file, webhook, command or email", at: node, path: path)
            return nil
        }
        let typePath = JSONPath.child(path, "type")
        guard let type = named(typeNode, path: typePath, unknown: "sink type", names: Self.sinkTypes, label: "Types", {
            Self.sinkTypes.contains($0) ? $0 : nil
        }) else { return nil }
        if name == "stdout" && type != "stdout" {
            error("the sink named stdout must have type stdout; give this \(type) sink another name", at: typeNode, path: typePath)
        }
        switch type {
        case "stdout":
            _ = object(node, path: path, allowed: Self.stdoutSinkKeys)
            return .stdout
        case "file":
            let fields = object(node, path: path, allowed: Self.fileSinkKeys)
            let missing = "a file sink needs a path, e.g. \"alerts.jsonl\" (relative to rules.json's folder)"
            // A file's path is no secret: `${HOME}` there would otherwise mask every path under it.
            readingSecrets = false
            defer { readingSecrets = true }
            let file = required(fields, "path", of: node, in: path, missing: missing) { $0.filePath($1, path: $2) }
            return file.map { .file(path: $0) }
        case "command":
            return command(node, path: path).map { .command($0) }
        case "email":
            return email(node, path: path).map { .email($0) }
        default:
            return webhook(node, path: path).map { .webhook($0) }
        }
    }
}
