import Foundation

/// History captures replayed at the present, and the alert records of a pass by rule: what the
/// indicator end-to-end suites share.
enum ReplayedHistory {
    /// The rows of `capture` (an array of arrays) with the times at `fields` of every row moved by
    /// the same amount, which `shift` picks from the rows as captured (ms).
    static func moved(_ capture: String, fields: [Int], shift: ([[Any]]) throws -> Int64) throws -> String {
        guard let rows = try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(capture))) as? [[Any]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let by = try shift(rows)
        let moved = rows.map { row -> [Any] in
            var row = row
            for index in fields { row[index] = ((row[index] as? NSNumber)?.int64Value ?? 0) + by }
            return row
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: moved), as: UTF8.self)
    }

    /// Row `row`'s time at `field`, ms.
    static func time(_ rows: [[Any]], _ row: Int, _ field: Int = 0) throws -> Int64 {
        guard rows.indices.contains(row), let time = (rows[row][field] as? NSNumber)?.int64Value else { throw CocoaError(.fileReadCorruptFile) }
        return time
    }

    /// The alert records of a `--json` pass's stdout by rule id (the first of each rule).
    static func byRule(_ stdout: String) -> [String: [String: Any]] {
        Dictionary(StreamRig.records(stdout).map { ($0["rule"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }
}
