import CoinWatchSupport
extension RulesValidator {
    /// A `command` sink: `argv` (a non-empty list of strings, message placeholders allowed), optional
    /// `timeout`, `group`, `quiet_hours`; `{message}` (the alert's text) is allowed in argv too. A program path holding a `/` is resolved against rules.json's folder.
    mutating func command(_ node: JSONNode, path: String) -> CommandConfig? {
        let fields = object(node, path: path, allowed: Self.commandSinkKeys)
        guard let argvNode = fields["argv"] else {
            error("a command sink needs argv, the program and its arguments, e.g. [\"notify-send\", \"{symbol}\", \"{message}\"]",
                  at: node, path: path)
            return nil
        }
        let argvPath = JSONPath.child(path, "argv")
        guard let items = argvNode.elements else {
            error("expected a list of strings (the program and its arguments; no shell is involved), got \(argvNode.typeName)",
                  at: argvNode, path: argvPath)
            return nil
        }
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
            if !placeholdersKnown(text, extra: ["message"], at: item, path: itemPath) { valid = false }
            argv.append(text.value)
        }
        if valid, let program = argv.first, program.contains("/") || program.hasPrefix("~") {
            guard let resolved = filePath(items[0], path: JSONPath.element(argvPath, 0)) else { return nil }
            argv[0] = resolved
        }
        var config = CommandConfig(argv: argv)
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        return valid ? config : nil
    }
}
