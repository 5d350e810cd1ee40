import CoinWatchSupport
/// Loads rules.json and validates all of SPEC §2, reporting every problem at once, sorted by position.
package enum RulesLoader {
    /// Reads and validates the file at `path`, expanding `${NAME}` and `~` from `environment`; the
    /// options set the `RulesValidator` properties of the same name (`unavailableSinks` sets `tolerateSecretGaps`: a
    /// sink, the heartbeat or `control_log` that cannot be expanded is unavailable). Throws `.unreadable` (exit 66) or `.invalid` (exit 65).
    package static func load(path: String, environment: [String: String], expiredAsOf: Double? = nil,
                            unavailableSinks: Bool = false, symbols: [String: String] = [:]) throws(RulesLoadError) -> LoadedRules {
        let bytes = try FileReader.contents(of: path, limit: RulesValidator.maxFileBytes)
        return try parse(bytes: bytes, path: path, environment: environment, expiredAsOf: expiredAsOf,
                         unavailableSinks: unavailableSinks, symbols: symbols)
    }

    /// Validates rules.json content; `path` names it in messages and anchors relative paths (a relative `path` starts at the working directory).
    package static func parse(bytes: [UInt8], path: String, environment: [String: String],
                             expiredAsOf: Double? = nil, unavailableSinks: Bool = false,
                             symbols: [String: String] = [:]) throws(RulesLoadError) -> LoadedRules {
        if bytes.count > RulesValidator.maxFileBytes {
            let message = "the file is larger than the limit of 1 MiB (\(RulesValidator.maxFileBytes) bytes); make it smaller"
            throw .invalid(path: path, diagnostics: [Diagnostic(file: path, line: nil, column: nil, jsonPath: "", message: message)])
        }
        let root: JSONNode
        let longestString: Int
        do {
            (root, longestString) = try JSONParser.parseMeasuringStrings(bytes)
        } catch {
            let jsonPath = error.steps.reduce("") { parent, step in
                switch step {
                case .key(let key): JSONPath.child(parent, key)
                case .index(let index): JSONPath.element(parent, index)
                }
            }
            let diagnostic = Diagnostic(file: path, line: error.line, column: error.column, jsonPath: jsonPath, message: error.message)
            throw .invalid(path: path, diagnostics: [diagnostic])
        }
        let absolutePath = PathResolver.absolute(path, workingDirectory: FileReader.workingDirectory())
        var validator = RulesValidator(file: path, absolutePath: absolutePath, environment: environment)
        validator.expiredAsOf = expiredAsOf
        validator.tolerateSecretGaps = unavailableSinks
        validator.symbols = symbols
        validator.longestString = longestString
        let rules = validator.validate(root)
        let diagnostics = sorted(validator.diagnostics)
        if validator.hasErrors {
            throw .invalid(path: path, diagnostics: diagnostics)
        }
        return LoadedRules(rules: rules, warnings: diagnostics)
    }

    /// Diagnostics by position (those without one first), keeping the order of equal positions.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let left = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let right = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }
}
