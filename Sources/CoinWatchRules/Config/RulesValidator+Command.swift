import CoinWatchSupport
extension RulesValidator {
    /// The placeholders an argument after the program may hold besides `MessageTemplate.placeholders`.
    static let argvPlaceholders = ["message"]

    /// A `command` sink: `argv` (the program, never a placeholder, then arguments that may hold them and
    /// `{message}`), optional `env` and the queue options; a program path holding a `/` starts at rules.json's folder.
    mutating func command(_ node: JSONNode, path: String) -> CommandConfig? {
        let fields = object(node, path: path, allowed: Self.commandSinkKeys)
        guard let argvNode = fields["argv"] else {
            error("a command sink needs argv, the program and its arguments, e.g. [\"notify-send\", \"{symbol}\", \"{message}\"]",
                  at: node, path: path)
            return nil
        }
        let argvPath = JSONPath.child(path, "argv")
        let shape = "a list of strings (the program and its arguments; no shell is involved)"
        guard let items = typed(argvNode.elements, argvNode, path: argvPath, expected: shape) else { return nil }
        guard !items.isEmpty else {
            error("argv cannot be empty: give at least the program", at: argvNode, path: argvPath)
            return nil
        }
        var argv: [String] = []
        var valid = true
        for (index, item) in items.enumerated() {
            let itemPath = JSONPath.element(argvPath, index)
            guard let text = string(item, path: itemPath) else {
                valid = false
                continue
            }
            if index == 0, text.value.isEmpty {
                error("the program name cannot be empty", at: item, path: itemPath)
                valid = false
            }
            if text.value.unicodeScalars.contains("\0") {
                error("an argument cannot hold a NUL character", at: item, path: itemPath)
                valid = false
            }
            if !placeholdersKnown(text, extra: Self.argvPlaceholders, at: item, path: itemPath) { valid = false }
            if index == 0, MessageTemplate.tokenize(text.value).contains(where: { if case .placeholder = $0 { true } else { false } }) {
                error("the program cannot hold a placeholder: a value from a provider would choose what runs; "
                      + "name the program and pass {name}, {symbol} or {message} as a later argument", at: item, path: itemPath)
                valid = false
            }
            argv.append(text.value)
        }
        if valid, let program = argv.first, program.contains("/") || program.hasPrefix("~") {
            guard let resolved = filePath(items[0], path: JSONPath.element(argvPath, 0)) else { return nil }
            argv[0] = resolved
        }
        var config = CommandConfig(argv: argv)
        if let envNode = fields["env"] {
            guard let names = variableNames(envNode, path: JSONPath.child(path, "env")) else { return nil }
            config.passedVariables = names
        }
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        return valid ? config : nil
    }

    /// `env`: a list of environment variable names (`DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`), each of
    /// letters, digits and `_`, not starting with a digit.
    mutating func variableNames(_ node: JSONNode, path: String) -> [String]? {
        let shape = #"a list of environment variable names, e.g. ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS"]"#
        guard let items = typed(node.elements, node, path: path, expected: shape) else { return nil }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = JSONPath.element(path, index)
            guard let name = typed(item.stringValue, item, path: itemPath, expected: "a variable name") else { return nil }
            guard EnvironmentExpander.isVariableName(name) else {
                error("'\(TerminalText.clean(String(name.prefix(40))))' is not an environment variable name (letters, digits and _)",
                      at: item, path: itemPath)
                return nil
            }
            names.append(name)
        }
        return names
    }
}
