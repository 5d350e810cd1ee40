import FoundationEssentials

/// How one kind of value in the state file is read from its bytes and written as bytes, for the
/// one reader (`StateDirectDecoder`) and the one writer (`StateWriter`); its `Codable` side is the
/// value type's own. Closures only, captured once when a record's `StateFields` table is built.
public struct StateValue<Value>: @unchecked Sendable {
    /// The value at the cursor, or nil when it is not one the reader vouches for (the general
    /// decoder then words the problem).
    public let read: (inout JSONTokenizer) -> Value?
    /// Appends the value as JSON; throws `StateWriter.Refused` for a non-finite number.
    public let write: (Value, inout [UInt8]) throws -> Void
    /// For a value that is an object of members (a dictionary, the pairs): the value with only the
    /// members whose key is in the set, the others skipped unread (`StateSections.keys`); nil for
    /// other values.
    public var readKeeping: ((inout JSONTokenizer, Set<String>) -> Value?)? = nil

    @inlinable public init(read: @escaping (inout JSONTokenizer) -> Value?, write: @escaping (Value, inout [UInt8]) throws -> Void,
                 readKeeping: ((inout JSONTokenizer, Set<String>) -> Value?)? = nil) {
        self.read = read
        self.write = write
        self.readKeeping = readKeeping
    }
}

extension StateValue where Value == Double {
    /// A finite JSON number, written by the one number rule (`JSONOut.number`).
    @inlinable public static var number: StateValue { StateValue(read: { $0.number() }, write: { try StateWriter.number($0, &$1) }) }
}

extension StateValue where Value == Int {
    /// A whole number written without fraction or exponent.
    @inlinable public static var integer: StateValue {
        StateValue(read: { StateDirectDecoder.integer(&$0) }, write: { $1.append(contentsOf: String($0).utf8) })
    }
}

extension StateValue where Value == String {
    /// A JSON string (escapes decoded), written by the one string escaper (`JSONOut.quote`).
    @inlinable public static var string: StateValue { StateValue(read: { $0.string() }, write: { StateWriter.string($0, &$1) }) }
}

extension StateValue where Value == ScrubbedText {
    /// Scrubbed text (an error), stored as a JSON string.
    @inlinable public static var scrubbed: StateValue {
        StateValue(read: { $0.string().map(ScrubbedText.restored) }, write: { StateWriter.string($0.text, &$1) })
    }
}

extension StateValue where Value == Bool {
    /// `true` or `false`.
    @inlinable public static var bool: StateValue {
        StateValue(read: { reader in
            switch reader.next() {
            case UInt8(ascii: "t"): return reader.takeWord(JSONTokenizer.true) ? true : nil
            case UInt8(ascii: "f"): return reader.takeWord(JSONTokenizer.false) ? false : nil
            default: return nil
            }
        }, write: { $1.append(contentsOf: ($0 ? JSONTokenizer.true : JSONTokenizer.false)) })
    }
}

extension StateValue where Value == Date {
    /// A date as `Date`'s own `Codable` writes it: seconds since 2001-01-01 (the reference date).
    @inlinable public static var date: StateValue {
        StateValue(read: { $0.number().map { Date(timeIntervalSinceReferenceDate: $0) } },
                   write: { try StateWriter.number($0.timeIntervalSinceReferenceDate, &$1) })
    }
}

extension StateValue where Value: StateRecord {
    /// A record by its own field table (`StateFields`).
    @inlinable public static var record: StateValue {
        StateValue(read: { Value.fields.read(&$0) }, write: { try Value.fields.write($0, &$1) })
    }
}

extension StateValue where Value: RawRepresentable, Value.RawValue == String {
    /// An enumeration written as its raw string.
    @inlinable public static var raw: StateValue {
        StateValue(read: { $0.string().flatMap(Value.init(rawValue:)) }, write: { StateWriter.string($0.rawValue, &$1) })
    }
}

extension StateValue {
    /// A JSON array of `element`s.
    @inlinable public static func array<Element>(_ element: StateValue<Element>) -> StateValue<[Element]> {
        StateValue<[Element]>(read: { reader in
            var items: [Element] = []
            return reader.elements { reader in
                guard let item = element.read(&reader) else { return false }
                items.append(item)
                return true
            } ? items : nil
        }, write: { items, out in
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try element.write(item, &out)
            }
            out.append(UInt8(ascii: "]"))
        })
    }

    /// A JSON object of key → `element`, written with its keys sorted; a repeated key gives up. Read
    /// keeping some keys, it keeps the members with those keys, or, when `element` is itself an object
    /// of members (a provider's ids by favorite), every member with only those keys inside it.
    @inlinable public static func dictionary<Element>(_ element: StateValue<Element>) -> StateValue<[String: Element]> {
        func read(_ reader: inout JSONTokenizer, keeping keys: Set<String>?) -> [String: Element]? {
            var dictionary: [String: Element] = [:]
            if let keys, let inner = element.readKeeping {
                return StateDirectDecoder.members(&reader, { inner(&$0, keys) }) { dictionary.updateValue($1, forKey: $0) == nil }
                    ? dictionary : nil
            }
            return StateDirectDecoder.members(&reader, keeping: keys, element.read) { dictionary.updateValue($1, forKey: $0) == nil }
                ? dictionary : nil
        }
        return StateValue<[String: Element]>(read: { read(&$0, keeping: nil) }, write: { dictionary, out in
            try StateWriter.object(dictionary.keys.sorted().lazy.compactMap { name in dictionary[name].map { (name, $0) } },
                                   &out, element.write)
        }, readKeeping: { read(&$0, keeping: $1) })
    }
}
