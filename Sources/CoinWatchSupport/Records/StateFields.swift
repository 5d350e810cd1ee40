/// A record of the state file (SPEC §5) whose fields are listed once, in `fields`; its `Codable`
/// conformance is the table's (`fields.decode(from:)`, `fields.encode(_:to:)`), given here.
public protocol StateRecord: Codable {
    /// The record's one field table, which the reader, the writer and `Codable` all use.
    static var fields: StateFields<Self> { get }
}

extension StateRecord {
    /// The record read by its field table (the general decoder, which words every error).
    public init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    /// The record written by its field table.
    public func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }
}

/// The field table of one state record: the fields in the order `Codable` reads them, and what the
/// byte reader and writer do with the whole record (keys written sorted, as `JSONEncoder` with
/// `.sortedKeys` writes them; unknown keys skipped; a repeated key, an escaped key, a missing
/// required field or a value it cannot vouch for gives up, and the general decoder decides).
public struct StateFields<Record>: @unchecked Sendable {
    /// The fields, in the order `Codable` reads and writes them.
    package let fields: [StateField<Record>]
    /// What the reader starts from: every field's default, the required ones as placeholders.
    package let blank: Record
    /// The record once all its fields are read (a default derived from other fields); identity by default.
    package let completed: (Record) -> Record
    /// Each field's key as UTF-8, same order as `fields`.
    private let keys: [[UInt8]]
    /// Positions in `fields`, sorted by key: the order the writer writes them in.
    private let written: [Int]
    /// `"name":` for each field, same order as `fields`.
    private let labels: [[UInt8]]
    /// One bit per required field (bit i: `fields[i]`).
    private let requiredMask: UInt64
    /// Whether a record is one the writer leaves every field out of, judged whole (a quiet pair is
    /// `{}`: most of a large state); nil when the table has no such record.
    private var isQuiet: ((Record) -> Bool)?

    /// A table of `fields` (at most 64) read into `blank`, then passed through `completed`.
    package init(blank: Record, _ fields: [StateField<Record>], completed: @escaping (Record) -> Record = { $0 }) {
        self.fields = fields
        self.blank = blank
        self.completed = completed
        keys = fields.map { Array($0.name.utf8) }
        written = fields.indices.sorted { fields[$0].name < fields[$1].name }
        labels = fields.map { field in
            var label: [UInt8] = []
            StateWriter.key(field.name, &label)
            return label
        }
        var mask: UInt64 = 0
        for (index, field) in fields.enumerated() where field.isRequired && index < 64 { mask |= 1 << UInt64(index) }
        requiredMask = mask
    }

    /// A table whose records equal to `quiet` are written `{}` without asking each field, when
    /// every field indeed leaves `quiet` out (checked here, so the shortcut never changes a byte).
    package init(blank: Record, quiet: Record, _ fields: [StateField<Record>],
         completed: @escaping (Record) -> Record = { $0 }) where Record: Equatable {
        self.init(blank: blank, fields, completed: completed)
        if fields.allSatisfy({ $0.isOmitted(quiet) }) { isQuiet = { $0 == quiet } }
    }

    /// The field names in the order the writer writes them.
    package var writtenNames: [String] { written.map { fields[$0].name } }

    // MARK: Bytes

    /// The record at the cursor, or nil when the reader cannot vouch for it. With `names` (a read for
    /// a command that never saves), a field not among them (and not required) is skipped unread
    /// (`skipValue`, which still checks the grammar) and keeps its default; a field named in
    /// `keeping` (an object of members) keeps only the members whose key is in its set.
    public func read(_ reader: inout JSONTokenizer, only names: Set<String>? = nil, keeping: [String: Set<String>] = [:]) -> Record? {
        var record = blank
        var seen: UInt64 = 0
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                guard let (key, escaped) = reader.stringRange(), !escaped, reader.take(UInt8(ascii: ":")) else { return nil }
                guard let index = position(of: key, in: reader) else {
                    guard reader.skipValue() else { return nil }
                    continue
                }
                let bit: UInt64 = 1 << UInt64(index)
                if let names, !fields[index].isRequired, !names.contains(fields[index].name) {
                    guard seen & bit == 0, reader.skipValue() else { return nil }
                    seen |= bit
                    continue
                }
                if !keeping.isEmpty, let keys = keeping[fields[index].name] {
                    guard seen & bit == 0, let read = fields[index].readKeeping, read(&reader, &record, keys) else { return nil }
                    seen |= bit
                    continue
                }
                guard seen & bit == 0, fields[index].read(&reader, &record) else { return nil }
                seen |= bit
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        guard seen & requiredMask == requiredMask else { return nil }
        return completed(record)
    }

    /// The position in `fields` of the key spelled by the bytes in `key`; nil for a key it does not know.
    private func position(of key: Range<Int>, in reader: JSONTokenizer) -> Int? {
        for index in keys.indices where index < 64 && reader.bytes(in: key, equal: keys[index]) { return index }
        return nil
    }

    /// Appends the record as a JSON object, keys sorted, omitted fields left out.
    public func write(_ record: Record, _ out: inout [UInt8]) throws {
        if let isQuiet, isQuiet(record) {
            out.append(UInt8(ascii: "{"))
            out.append(UInt8(ascii: "}"))
            return
        }
        out.append(UInt8(ascii: "{"))
        var first = true
        for index in written where !fields[index].isOmitted(record) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: labels[index])
            try fields[index].write(record, &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    // MARK: Codable

    /// The record read by `Codable` (the general decoder): every field in table order.
    package func decode(from decoder: any Decoder) throws -> Record {
        let container = try decoder.container(keyedBy: StringKey.self)
        var record = blank
        for field in fields { try field.decode(container, &record) }
        return completed(record)
    }

    /// The record written by `Codable` (`JSONEncoder` sorts the keys when asked).
    package func encode(_ record: Record, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StringKey.self)
        for field in fields { try field.encode(&container, record) }
    }
}
