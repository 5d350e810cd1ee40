/// Turns paths written in rules.json into absolute paths: `~` is the home folder, relative paths start at a folder.
enum PathResolver {
    /// `path` made absolute against `folder`, with a leading `~` replaced by `home`; nil when `~` is used without a home.
    static func absolute(_ path: String, relativeTo folder: String, home: String?) -> String? {
        var expanded = path
        if path == "~" || path.hasPrefix("~/") {
            guard let home, !home.isEmpty else { return nil }
            expanded = home + path.dropFirst()
        }
        if !expanded.hasPrefix("/") {
            expanded = folder + "/" + expanded
        }
        return normalize(expanded)
    }

    /// Removes empty and `.` components and resolves `..` lexically in an absolute path.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension PathResolver {
    /// `path` made absolute against `workingDirectory` and normalized.
    static func absolute(_ path: String, workingDirectory: String) -> String {
        normalize(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }
}
