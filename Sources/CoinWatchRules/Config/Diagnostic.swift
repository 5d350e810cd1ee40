/// One problem found in rules.json: where it is (file, line:column, JSON path) and one sentence on what to do.
package struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether the problem stops the file from loading.
    package enum Severity: String, Sendable, Equatable {
        case error, warning
    }

    /// Error (the file does not load) or warning.
    package var severity: Severity
    /// The file as the user named it.
    package var file: String
    /// 1-based line, when the problem has a place in the file.
    package var line: Int?
    /// 1-based column in characters, when the problem has a place in the file.
    package var column: Int?
    /// Where in the document, e.g. `rules[2].when`; empty for the document as a whole.
    package var jsonPath: String
    /// One sentence; never holds a value that came from `${...}`, a URL or a header.
    package var message: String

    /// A diagnostic; `line` and `column` are nil for problems of the file as a whole.
    package init(severity: Severity = .error, file: String, line: Int?, column: Int?, jsonPath: String, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
    }

    /// `rules.json:12:15: rules[2].when: unknown condition 'abvoe'. Did you mean 'above'?`
    /// (warnings read `rules.json:12:15: warning: ...`).
    package var description: String {
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
