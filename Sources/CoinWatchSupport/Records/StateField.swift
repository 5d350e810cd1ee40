/// One field of a state record: its key in the file and, built from one key path and one `StateValue`, everything the one reader,
/// the one writer and `Codable` do with it. A record's fields are listed once, in its `StateFields`
/// table; a new field is one more line there.
public struct StateField<Record>: @unchecked Sendable {
    /// The key in the file (`fetched_at`).
    public let name: String
    /// Whether a record without it (or with null) is refused.
    public let isRequired: Bool
    /// Reads the value at the cursor into the record; false when the reader cannot vouch for it.
    public let read: (inout JSONTokenizer, inout Record) -> Bool
    /// Whether the writer leaves the field out of this record (nil, or a default it omits).
    public let isOmitted: (Record) -> Bool
    /// Appends the field's value (after its key); throws `StateWriter.Refused` for a non-finite number.
    public let write: (Record, inout [UInt8]) throws -> Void
    /// The `Codable` reading of the field (the general decoder, which words every error).
    public let decode: (KeyedDecodingContainer<StringKey>, inout Record) throws -> Void
    /// The `Codable` writing of the field.
    let encode: (inout KeyedEncodingContainer<StringKey>, Record) throws -> Void
    /// For a field whose value is an object of members: `read` keeping only the members whose key
    /// is in the set (`StateValue.readKeeping`); nil for other fields.
    var readKeeping: ((inout JSONTokenizer, inout Record, Set<String>) -> Bool)? = nil

    @usableFromInline
    init(name: String, isRequired: Bool, read: @escaping (inout JSONTokenizer, inout Record) -> Bool,
         isOmitted: @escaping (Record) -> Bool, write: @escaping (Record, inout [UInt8]) throws -> Void,
         decode: @escaping (KeyedDecodingContainer<StringKey>, inout Record) throws -> Void,
         encode: @escaping (inout KeyedEncodingContainer<StringKey>, Record) throws -> Void,
         readKeeping: ((inout JSONTokenizer, inout Record, Set<String>) -> Bool)? = nil) {
        self.name = name
        self.isRequired = isRequired
        self.read = read
        self.isOmitted = isOmitted
        self.write = write
        self.decode = decode
        self.encode = encode
        self.readKeeping = readKeeping
    }

    /// A field the record must have, never null; always written.
    @inlinable public static func required<Value: Codable>(_ name: String, _ path: WritableKeyPath<Record, Value>,
                                         _ value: StateValue<Value>) -> StateField {
        let key = StringKey(name)
        return StateField(name: name, isRequired: true,
                          read: { reader, record in
                              guard let read = value.read(&reader) else { return false }
                              record[keyPath: path] = read
                              return true
                          },
                          isOmitted: { _ in false },
                          write: { try value.write($0[keyPath: path], &$1) },
                          decode: { $1[keyPath: path] = try $0.decode(Value.self, forKey: key) },
                          encode: { try $0.encode($1[keyPath: path], forKey: key) })
    }

    /// A field that is `fallback` when missing or null; written always, or only when it differs
    /// from `fallback` when `omittedWhenDefault` (a fresh pair's flags, an empty `windows`).
    @inlinable public static func defaulted<Value: Codable & Equatable>(_ name: String, _ path: WritableKeyPath<Record, Value>,
                                                      _ value: StateValue<Value>, default fallback: Value,
                                                      omittedWhenDefault: Bool = false) -> StateField {
        let key = StringKey(name)
        /// The value at the cursor by `read` into the record, `fallback` for null.
        func take(_ reader: inout JSONTokenizer, _ record: inout Record, _ read: (inout JSONTokenizer) -> Value?) -> Bool {
            if reader.next() == UInt8(ascii: "n") {
                guard reader.takeNull() else { return false }
                record[keyPath: path] = fallback
                return true
            }
            guard let read = read(&reader) else { return false }
            record[keyPath: path] = read
            return true
        }
        return StateField(name: name, isRequired: false,
                          read: { take(&$0, &$1, value.read) },
                          isOmitted: { omittedWhenDefault && $0[keyPath: path] == fallback },
                          write: { try value.write($0[keyPath: path], &$1) },
                          decode: { $1[keyPath: path] = try $0.decodeIfPresent(Value.self, forKey: key) ?? fallback },
                          encode: { container, record in
                              let current = record[keyPath: path]
                              if !(omittedWhenDefault && current == fallback) { try container.encode(current, forKey: key) }
                          },
                          readKeeping: value.readKeeping.map { readKeeping in
                              { reader, record, keys in take(&reader, &record) { readKeeping(&$0, keys) } }
                          })
    }

    /// A field that is nil when missing or null, and left out when nil.
    @inlinable public static func optional<Value: Codable>(_ name: String, _ path: WritableKeyPath<Record, Value?>,
                                         _ value: StateValue<Value>) -> StateField {
        let key = StringKey(name)
        return StateField(name: name, isRequired: false,
                          read: { reader, record in
                              if reader.next() == UInt8(ascii: "n") {
                                  guard reader.takeNull() else { return false }
                                  record[keyPath: path] = nil
                                  return true
                              }
                              guard let read = value.read(&reader) else { return false }
                              record[keyPath: path] = read
                              return true
                          },
                          isOmitted: { $0[keyPath: path] == nil },
                          write: { record, out in
                              if let current = record[keyPath: path] { try value.write(current, &out) }
                          },
                          decode: { $1[keyPath: path] = try $0.decodeIfPresent(Value.self, forKey: key) },
                          encode: { try $0.encodeIfPresent($1[keyPath: path], forKey: key) })
    }
}
