import CoinWatchSupport
import CoinWatchTransport
extension RulesValidator {
    /// The url of a sink of these formats that gives none: Pushover's message endpoint.
    static let defaultURLs: [WebhookConfig.Format: String] = [.pushover: "https://api.pushover.net/1/messages.json"]
    /// `chat_id` as a number lies strictly within ±this (2^53: beyond it a double is no longer exact).
    static let chatIDLimit: Double = 9_007_199_254_740_992

    /// A `webhook` sink: `url` and `format` required (pushover has a default url), `chat_id` for
    /// telegram, `token` (and `user`, `room`) for pushover, gotify and matrix.
    mutating func webhook(_ node: JSONNode, path: String) -> WebhookConfig? {
        let fields = object(node, path: path, allowed: Self.webhookSinkKeys)
        var format: WebhookConfig.Format?
        if let formatNode = fields["format"] {
            format = webhookFormat(formatNode, path: JSONPath.child(path, "format"))
        } else {
            let formats = WebhookConfig.Format.allCases.map(\.rawValue).joined(separator: ", ")
            error("a webhook sink needs a format: one of \(formats)", at: node, path: path)
        }
        var url: String?
        if let urlNode = fields["url"] {
            url = self.url(urlNode, path: JSONPath.child(path, "url"), schemes: Self.webURLSchemes)
        } else if let format, let fallback = Self.defaultURLs[format] {
            url = fallback
        } else {
            error("a webhook sink needs a url (http or https)", at: node, path: path)
        }
        var config = WebhookConfig(url: url ?? "", format: format ?? .json)
        if let headersNode = fields["headers"], let headers = headers(headersNode, path: JSONPath.child(path, "headers")) {
            config.headers = headers
        }
        if let chatNode = fields["chat_id"] {
            config.chatID = chatID(chatNode, path: JSONPath.child(path, "chat_id"))
            if let format, format != .telegram {
                warning("chat_id is used only by the telegram format; it is ignored here", at: chatNode, path: JSONPath.child(path, "chat_id"))
            }
        } else if format == .telegram {
            error("a telegram webhook needs chat_id, the chat to post to", at: node, path: path)
        }
        let needs: [(key: String, what: String)] = [
            ("token", "the application token (pushover, gotify) or access token (matrix); use ${…}"),
            ("user", "the Pushover user key; use ${…}"),
            ("room", "the room id, such as \"!abc123:example.org\""),
        ]
        var complete = true
        for need in needs {
            let value = fields[need.key].flatMap { nonEmpty($0, path: JSONPath.child(path, need.key)) }
            let needing = WebhookConfig.Format.allCases.filter { $0.requiredFields.contains(need.key) }
            if let format, let keyNode = fields[need.key], !needing.contains(format) {
                let formats = needing.map(\.rawValue)
                let list = formats.count == 1 ? formats[0] : formats.dropLast().joined(separator: ", ") + " and " + (formats.last ?? "")
                warning("\(need.key) is used only by the \(list) format\(formats.count == 1 ? "" : "s"); it is ignored here",
                        at: keyNode, path: JSONPath.child(path, need.key))
            }
            if let format, needing.contains(format), fields[need.key] == nil {
                error("a \(format.rawValue) webhook needs \(need.key): \(need.what)", at: node, path: path)
            }
            if fields[need.key] != nil, value == nil { complete = false }
            switch need.key {
            case "token": config.token = value
            case "user": config.user = value
            default: config.room = value
            }
        }
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        if let caNode = fields["ca_file"] {
            config.caFile = filePath(caNode, path: JSONPath.child(path, "ca_file"))
        }
        if let chartNode = fields["chart"], let choice = chart(chartNode, path: JSONPath.child(path, "chart")) {
            config.chart = choice
            if choice != nil, let format, !format.carriesChart {
                let name = format == .slack ? "Slack incoming webhooks carry" : format == .json ? "the json format carries"
                    : "\(format.rawValue) carries"
                warning("\(name) no image; this sink's alerts go as text alone "
                        + "(telegram, discord, ntfy, matrix, pushover and email carry a chart)", at: chartNode, path: JSONPath.child(path, "chart"))
            }
        }
        guard url != nil, format != nil, complete else { return nil }
        return config
    }

    /// `timeout`, `group` and `quiet_hours`, which every queued sink accepts; each left as it is when absent or invalid.
    mutating func queueOptions(_ fields: JSONFields, path: String, timeout: inout Double, group: inout Bool,
                               quietHours: inout QuietHours?) {
        if let timeoutNode = fields["timeout"],
           let seconds = duration(timeoutNode, path: JSONPath.child(path, "timeout")) {
            timeout = seconds
        }
        if let groupNode = fields["group"], let flag = bool(groupNode, path: JSONPath.child(path, "group")) {
            group = flag
        }
        if let quietNode = fields["quiet_hours"] {
            quietHours = self.quietHours(quietNode, path: JSONPath.child(path, "quiet_hours"))
        }
    }

    /// A string that must not be empty (a token, an address); reports an empty one.
    mutating func nonEmpty(_ node: JSONNode, path: String) -> String? {
        guard let text = string(node, path: path) else { return nil }
        guard !text.value.isEmpty else {
            error("expected a non-empty string", at: node, path: path)
            return nil
        }
        return text.value
    }

    /// A `format` name, with did-you-mean when unknown.
    mutating func webhookFormat(_ node: JSONNode, path: String) -> WebhookConfig.Format? {
        guard let text = string(node, path: path) else { return nil }
        if let format = WebhookConfig.Format(rawValue: text.value) { return format }
        let formats = WebhookConfig.Format.allCases.map(\.rawValue)
        error("unknown webhook format \(text.shown)." + Self.suggestion(for: text, in: formats, label: "Formats"), at: node, path: path)
        return nil
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
        guard let members = node.members else {
            error("expected an object of header names and values, got \(node.typeName)", at: node, path: path)
            return nil
        }
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
        guard node.stringValue != nil else {
            error("expected a string or a number, got \(node.typeName)", at: node, path: path)
            return nil
        }
        guard let text = string(node, path: path) else { return nil }
        guard !text.value.isEmpty else {
            error("chat_id cannot be empty", at: node, path: path)
            return nil
        }
        return text.value
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
