import CoinWatchSupport
import CoinWatchTransport
extension RulesValidator {
    /// `chat_id` as a number lies strictly within ±this (2^53: beyond it a double is no longer exact).
    static let chatIDLimit: Double = 9_007_199_254_740_992

    /// A `webhook` sink: `format`, `url` unless the format has a default, and the format's
    /// `requiredFields`; a field only other formats use is reported as ignored.
    mutating func webhook(_ node: JSONNode, path: String) -> WebhookConfig? {
        let fields = object(node, path: path, allowed: Self.webhookSinkKeys)
        let format = required(fields, "format", of: node, in: path,
                              missing: "a webhook sink needs a format: one of \(SinkFormats.names.joined(separator: ", "))") {
            $0.named($1, path: $2, unknown: "webhook format", names: SinkFormats.names, label: "Formats", WebhookConfig.Format.init(rawValue:))
        }
        let url = (fields["url"] == nil ? format?.type.defaultURL : nil)
            ?? required(fields, "url", of: node, in: path, missing: "a webhook sink needs a url (http or https)") {
                $0.url($1, path: $2, schemes: Self.webURLSchemes)
            }
        var config = WebhookConfig(url: url ?? "", format: format ?? WebhookConfig.Format(NoFormat.self))
        config.headers = field(fields, "headers", in: path) { $0.headers($1, path: $2) } ?? []
        var complete = true
        let targets = [("chat_id", \WebhookConfig.chatID), ("token", \.token), ("user", \.user), ("room", \.room)]
        for (key, target) in targets {
            let keyPath = JSONPath.child(path, key)
            let needing = SinkFormats.all.filter { $0.requiredFields.contains { $0.key == key } }.map { $0.name }
            if let format, let keyNode = fields[key], !needing.contains(format.rawValue) {
                let list = needing.count == 1 ? needing[0] : needing.dropLast().joined(separator: ", ") + " and " + (needing.last ?? "")
                warning("\(key) is used only by the \(list) format\(needing.count == 1 ? "" : "s"); it is ignored here",
                        at: keyNode, path: keyPath)
            }
            if let format, fields[key] == nil, let need = format.type.requiredFields.first(where: { $0.key == key }) {
                error("a \(format.rawValue) webhook needs \(key): \(need.what)", at: node, path: path)
            }
            guard let valueNode = fields[key] else { continue }
            config[keyPath: target] = key == "chat_id" ? chatID(valueNode, path: keyPath) : nonEmpty(valueNode, path: keyPath)?.value
            if config[keyPath: target] == nil { complete = false }
        }
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        config.caFile = field(fields, "ca_file", in: path) { $0.filePath($1, path: $2) }
        if let chartNode = fields["chart"], let choice = chart(chartNode, path: JSONPath.child(path, "chart")) {
            config.chart = choice
            if choice != nil, let format, !format.carriesChart {
                let carriers = SinkFormats.chartCarriers.joined(separator: ", ")
                warning("\(format.type.imagelessSubject) no image; this sink's alerts go as text alone "
                        + "(\(carriers) and email carry a chart)", at: chartNode, path: JSONPath.child(path, "chart"))
            }
        }
        guard url != nil, format != nil, complete else { return nil }
        return config
    }

    /// `timeout`, `group` and `quiet_hours`, which every queued sink accepts; each left as it is when absent or invalid.
    mutating func queueOptions(_ fields: JSONFields, path: String, timeout: inout Double, group: inout Bool,
                               quietHours: inout QuietHours?) {
        timeout = field(fields, "timeout", in: path) { $0.duration($1, path: $2) } ?? timeout
        group = field(fields, "group", in: path) { $0.bool($1, path: $2) } ?? group
        quietHours = field(fields, "quiet_hours", in: path) { $0.quietHours($1, path: $2) } ?? quietHours
    }

    /// The characters an HTTP header name may hold besides ASCII letters and digits (RFC 9110 token).
    static let headerNameSymbols = "!#$%&'*+-.^_`|~"
    /// The prefix of header names a sink may not set (the transport's proxy headers).
    static let reservedHeaderPrefix = "proxy-"
    /// What a header value may not hold (it would split the request).
    static let headerValueForbidden: [Unicode.Scalar] = ["\r", "\n", "\0"]

    /// Headers a sink may not set: hop-by-hop (RFC 9110 §7.6.1) and framing ones, which the transport
    /// owns (`Proxy-*` too).
    static let reservedHeaders: Set<String> = ["content-length", "transfer-encoding", "host", "connection", "keep-alive",
                                                "te", "trailer", "upgrade"]

    /// `headers`: an object of header name → string value, in order; values are never shown.
    mutating func headers(_ node: JSONNode, path: String) -> [HTTPHeader]? {
        guard let members = typed(node.members, node, path: path, expected: "an object of header names and values") else { return nil }
        var result: [HTTPHeader] = []
        for member in members {
            let headerPath = JSONPath.child(path, member.key)
            guard Self.isHeaderName(member.key) else {
                report(.error, "'\(member.key)' is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~)",
                       line: member.line, column: member.column, path: path)
                continue
            }
            let lowered = member.key.lowercased()
            guard !Self.reservedHeaders.contains(lowered), !lowered.hasPrefix(Self.reservedHeaderPrefix) else {
                error("'\(member.key)' is a hop-by-hop or framing header that coinwatch (libcurl) sets itself; "
                      + "a value here would mangle the request: remove it", at: member.value, path: headerPath)
                continue
            }
            guard let value = string(member.value, path: headerPath) else { continue }
            guard !value.value.unicodeScalars.contains(where: Self.headerValueForbidden.contains) else {
                error("the header value holds a line break or NUL, which HTTP does not allow (the value is not shown)",
                      at: member.value, path: headerPath)
                continue
            }
            result.append(HTTPHeader(member.key, value.value))
        }
        return result
    }

    /// `chat_id`: a non-empty string or an integer.
    mutating func chatID(_ node: JSONNode, path: String) -> String? {
        if let number = node.numberValue {
            guard number == number.rounded(), abs(number) < Self.chatIDLimit else {
                error("chat_id must be an integer or a string", at: node, path: path)
                return nil
            }
            return String(Int64(number))
        }
        guard typed(node.stringValue, node, path: path, expected: "a string or a number") != nil else { return nil }
        return nonEmpty(node, path: path, empty: "chat_id cannot be empty")?.value
    }

    /// `quiet_hours`: `"HH:MM-HH:MM"` with different start and end.
    mutating func quietHours(_ node: JSONNode, path: String) -> QuietHours? {
        guard let text = string(node, path: path) else { return nil }
        guard let hours = QuietHours(parsing: text.value) else {
            error("expected quiet hours like \"23:00-07:00\" (HH:MM-HH:MM, local time)", at: node, path: path)
            return nil
        }
        guard hours.start != hours.end else {
            error("quiet hours start and end at the same time, so they would never apply; give a window like \"23:00-07:00\"",
                  at: node, path: path)
            return nil
        }
        return hours
    }

    /// Whether `name` is an RFC 9110 token.
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || headerNameSymbols.unicodeScalars.contains(scalar)
        }
    }
}

/// The format of a sink whose `format` is missing or unknown: the sink is refused, so nothing sends with it.
private enum NoFormat: SinkFormat {
    static let name = ""
    static let example = ""
}
