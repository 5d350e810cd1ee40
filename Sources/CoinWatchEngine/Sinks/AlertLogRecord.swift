import CoinWatchSupport
/// One line of a file sink read back (`coinwatch log`): the alert record of SPEC §4, or its
/// `undelivered` form (`UndeliveredRecord`), with the fields the log shows and filters on.
package struct AlertLogRecord: Sendable, Equatable {
    /// When it was recorded, seconds since 1970: the alert's `time`, or for an undelivered record the
    /// time it was given up (`undelivered.time`), so the file reads in order.
    package var time: Double
    package var rule: String
    package var coin: String
    package var symbol: String?
    /// `firing`, `resolved` or `undelivered`.
    package var status: String
    package var message: String
    /// The line as it stands in the file (a JSON object), for `--json`.
    package var line: String

    /// The statuses `--status` takes.
    package static let statuses = ["firing", "resolved", "undelivered"]

    /// The record on `bytes` (one line, without its newline), or nil when they are not a whole alert
    /// record: torn, foreign, or missing `time`, `rule` or `status`.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> AlertLogRecord? {
        guard bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{"),
              let node = try? JSONParser.parse(Array(bytes)), node.members != nil,
              let rule = node["rule"]?.stringValue, let status = node["status"]?.stringValue,
              status == "firing" || status == "resolved",
              let stamp = node["time"]?.stringValue, var time = DateTimeParser.parse(stamp)?.timeIntervalSince1970 else {
            return nil
        }
        var shown = status
        var message = node["message"]?.stringValue ?? ""
        if let undelivered = node["undelivered"], undelivered.members != nil {
            shown = "undelivered"
            if let given = undelivered["time"]?.stringValue.flatMap({ DateTimeParser.parse($0) }) { time = given.timeIntervalSince1970 }
            let sink = undelivered["sink"]?.stringValue ?? "?"
            let reason = undelivered["reason"]?.stringValue ?? "undelivered"
            message += " (\(sink): \(reason.replacing("_", with: " "))"
                + (undelivered["error"]?.stringValue.map { ": " + $0 } ?? "") + ")"
        }
        var line = String(decoding: bytes, as: UTF8.self)
        while line.last == " " || line.last == "\t" || line.last == "\r" { line.removeLast() }
        return AlertLogRecord(time: time, rule: rule, coin: node["coin"]?.stringValue ?? "",
                              symbol: node["symbol"]?.stringValue, status: shown, message: message, line: line)
    }
}

/// What `coinwatch log` keeps: `--since`, `--rule`, `--coin`, `--status`.
package struct AlertLogFilter: Sendable {
    /// Seconds since 1970; records before it are left out.
    package var since: Double?
    package var rule: String?
    /// A favorite as written, or a symbol (either case).
    package var coin: String?
    package var status: String?

    package init(since: Double? = nil, rule: String? = nil, coin: String? = nil, status: String? = nil) {
        self.since = since
        self.rule = rule
        self.coin = coin
        self.status = status
    }

    /// Whether `record` passes every filter given.
    package func admits(_ record: AlertLogRecord) -> Bool {
        if let since, record.time < since { return false }
        if let rule, record.rule != rule { return false }
        if let status, record.status != status { return false }
        if let coin {
            let wanted = coin.lowercased()
            guard record.coin.lowercased() == wanted || record.symbol?.lowercased() == wanted else { return false }
        }
        return true
    }
}
