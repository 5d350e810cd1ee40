/// A JSON value with the 1-based line and column (in characters) where it starts.
package struct JSONNode: Sendable, Equatable {
    /// The value itself; objects keep their members in document order.
    package enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One `"key": value` pair of an object, with the position of its key.
    package struct Member: Sendable, Equatable {
        /// The key, unescaped.
        package var key: String
        /// Line of the key's opening quote.
        package var line: Int
        /// Column (in characters) of the key's opening quote.
        package var column: Int
        /// The member's value.
        package var value: JSONNode

        /// A member whose key starts at `line`:`column`.
        package init(key: String, line: Int, column: Int, value: JSONNode) {
            self.key = key
            self.line = line
            self.column = column
            self.value = value
        }
    }

    /// What the node holds.
    package var value: Value
    /// 1-based line of the value's first character.
    package var line: Int
    /// 1-based column, counted in Unicode scalars, of the value's first character.
    package var column: Int
    /// A number exactly as written in the document (`1e3`, `2.50`), so an edit can write it back unchanged.
    package var numberText: String?

    /// A node whose first character is at `line`:`column`.
    package init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }
}
