/// A JSON document that does not follow RFC 8259, with where and what was expected.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending character.
    package var line: Int
    /// 1-based column (in characters) of the offending character.
    package var column: Int
    /// One sentence: what is wrong and what was expected.
    package var message: String
    /// Where in the document: the keys and indexes down to the value being read, outermost first
    /// (`[.key("rules"), .index(0), .key("when"), .key("below")]`); empty at the top level.
    package var steps: [Step] = []

    /// One step down into an object (its key) or an array (its index).
    package enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// "12:5: expected ',' or '}' after an object member, found ']'".
    package var description: String { "\(line):\(column): \(message)" }
}
