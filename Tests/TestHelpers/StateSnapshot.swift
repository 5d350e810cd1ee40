import Foundation

/// A state.json read back as plain JSON, to compare sections before and after a pass.
struct StateSnapshot {
    /// The parsed document.
    let object: [String: Any]

    /// Reads and parses `path`; nil when it is missing or is not a JSON object.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        self.object = object
    }

    /// The section `key` as canonical JSON text ("null" when absent), so two snapshots compare as strings.
    func section(_ key: String) -> String {
        guard let value = object[key],
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The outbox's entries.
    var outbox: [[String: Any]] { object["outbox"] as? [[String: Any]] ?? [] }

    /// The id of every alert waiting in the outbox, in outbox order.
    var outboxAlertIDs: [String] {
        outbox.flatMap { ($0["alerts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    }
}
