import Glibc

/// Replaces `${NAME}` in rules.json strings with the environment's value and `${file:PATH}` with the
/// file's text, at most 64 KiB, one trailing newline dropped (SPEC §2); `$${` is a literal `${`.
package enum EnvironmentExpander {
    /// The outcome of expanding one string.
    package struct Expansion: Sendable {
        /// The text with every set variable replaced (unset ones left out).
        package var value: String
        /// Names of the variables that were replaced, in order.
        package var used: [String] = []
        /// The values put in their place (variables' and files' contents), in order.
        package var values: [String] = []
        /// Names of the variables that are not set (or empty), in order, each once.
        package var missing: [String] = []
        /// `${file:…}` paths (resolved) that could not be read, with the reason, in order, each once.
        package var unreadable: [(path: String, reason: String)] = []
        /// Whether a `${` is not followed by a valid name and `}`.
        package var malformed = false
    }

    /// `text` as the template it becomes, with each `${…}` standing for a value as one letter `x` (and
    /// `$${` as `${`): for checking what the file itself wrote without looking at any value.
    package static func masked(_ text: String) -> String {
        scan(text) { _ in "x" }.value
    }

    /// What the read-only commands put in place of an unset variable (a name that never resolves, RFC 6761); it
    /// stands for no value, so it is no secret and is shown as it is.
    package static let unsetPlaceholder = "https://unset.invalid"

    /// The largest `${file:…}` content read, in bytes.
    package static let maxFileBytes = 65_536

    /// Whether `text` holds `${` anywhere: without it, expanding changes nothing.
    static func holdsPlaceholder(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { holdsPlaceholder($0) }
    }

    /// Whether the UTF-8 `bytes` hold `${` anywhere.
    package static func holdsPlaceholder(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { holdsPlaceholder($0) }
    }

    private static func holdsPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        // Each `$` found with memchr: a whole rules file is looked through before it is parsed.
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "$")), bytes.count - offset) {
            let dollar = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if dollar + 1 < bytes.count, bytes[dollar + 1] == UInt8(ascii: "{") { return true }
            offset = dollar + 1
        }
        return false
    }

    /// Expands every `${NAME}` in `text` from `environment` and every `${file:PATH}` from the file system.
    package static func expand(_ text: String, environment: [String: String], folder: String = ".") -> Expansion {
        var result = Expansion(value: "")
        let scanned = scan(text) { name in
            if name.hasPrefix("file:"), name.count > 5 {
                let path = filePath(String(name.dropFirst(5)), environment: environment, folder: folder)
                switch SecretFile.read(path, limit: maxFileBytes) {
                case .success(let value):
                    result.used.append(name)
                    result.values.append(value)
                    return value
                case .failure(let failure):
                    if !result.unreadable.contains(where: { $0.path == path }) { result.unreadable.append((path, failure.reason)) }
                    return ""
                }
            }
            guard isVariableName(name) else { return nil }
            guard let value = environment[name], !value.isEmpty else {
                if !result.missing.contains(name) { result.missing.append(name) }
                return ""
            }
            result.used.append(name)
            result.values.append(value)
            return value
        }
        (result.value, result.malformed) = scanned
        return result
    }

    /// `text` with `$${` as `${` and each `${NAME}` as `substitute(NAME)`; a reference `substitute` refuses
    /// (nil) is kept as written, and it or a `${` never closed (the rest kept as it is) makes the text malformed.
    private static func scan(_ text: String, _ substitute: (String) -> String?) -> (value: String, malformed: Bool) {
        // Bytes, not Characters: most strings (and whole files, `"$schema"` and all) hold no `${`
        // (a `${` inside a larger grapheme still takes the careful path below, which keeps it).
        guard holdsPlaceholder(text) else { return (text, false) }
        var value = ""
        var malformed = false
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            if characters[i] == "$", i + 2 < characters.count, characters[i + 1] == "$", characters[i + 2] == "{" {
                value += "${"
                i += 3
            } else if characters[i] == "$", i + 1 < characters.count, characters[i + 1] == "{" {
                guard let close = characters[(i + 2)...].firstIndex(of: "}") else {
                    value.append(contentsOf: characters[i...])
                    return (value, true)
                }
                if let part = substitute(String(characters[(i + 2)..<close])) {
                    value += part
                } else {
                    value.append(contentsOf: characters[i...close])
                    malformed = true
                }
                i = close + 1
            } else {
                value.append(characters[i])
                i += 1
            }
        }
        return (value, malformed)
    }

    /// The absolute path of a `${file:…}` reference: `~` from `HOME`, a relative path from
    /// `$CREDENTIALS_DIRECTORY` (systemd's `LoadCredential=`) when set, else from `folder`.
    static func filePath(_ path: String, environment: [String: String], folder: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] { return home + path.dropFirst() }
        let base = environment["CREDENTIALS_DIRECTORY"].flatMap { $0.isEmpty ? nil : $0 } ?? folder
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// Whether `name` is a valid environment variable name: `[A-Za-z_][A-Za-z0-9_]*`.
    package static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetterOrUnderscore else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    /// Whether this is `A-Z`, `a-z` or `_`.
    fileprivate var isASCIILetterOrUnderscore: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}
