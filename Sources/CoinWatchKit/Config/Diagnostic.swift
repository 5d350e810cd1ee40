/// One problem found in rules.json: where it is (file, line:column, JSON path) and one sentence on what to do.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether the problem stops the file from loading.
    public enum Severity: String, Sendable, Equatable {
        case error, warning
    }

    /// Error (the file does not load) or warning.
    public var severity: Severity
    /// The file as the user named it.
    public var file: String
    /// 1-based line, when the problem has a place in the file.
    public var line: Int?
    /// 1-based column in characters, when the problem has a place in the file.
    public var column: Int?
    /// Where in the document, e.g. `rules[2].when`; empty for the document as a whole.
    public var jsonPath: String
    /// One sentence; never holds a value that came from `${...}`, a URL or a header.
    public var message: String

    /// A diagnostic; `line` and `column` are nil for problems of the file as a whole.
    public init(severity: Severity = .error, file: String, line: Int?, column: Int?, jsonPath: String, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
    }

    /// `rules.json:12:15: rules[2].when: unknown condition 'abvoe'. Did you mean 'above'?`
    /// (warnings read `rules.json:12:15: warning: ...`).
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": "
        if severity == .warning { text += "warning: " }
        if !jsonPath.isEmpty { text += "\(jsonPath): " }
        return text + message
    }
}
