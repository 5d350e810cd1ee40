import CoinWatchSupport
import Glibc

/// Where rules.json and the state file are when no flag says (SPEC §1).
package enum Paths {
    /// `--rules`, else `$COINWATCH_RULES`, else `./rules.json` when it exists, else
    /// `$XDG_CONFIG_HOME/coinwatch/rules.json` (`~/.config/...`). Always absolute.
    package static func rules(flag: String?, environment: [String: String]) -> String {
        if let path = flag ?? value("COINWATCH_RULES", environment) { return absolute(path, environment: environment) }
        let local = absolute("rules.json", environment: environment)
        return POSIXFile.exists(local) ? local : configRules(environment: environment)
    }

    /// `$XDG_CONFIG_HOME/coinwatch/rules.json` (`~/.config/...`): where `init` writes.
    package static func configRules(environment: [String: String]) -> String {
        xdg("XDG_CONFIG_HOME", else: "/.config", environment) + "/coinwatch/rules.json"
    }

    /// `--state`, else `$COINWATCH_STATE`, else `$XDG_STATE_HOME/coinwatch/state.json`
    /// (`~/.local/state/...`). Always absolute.
    package static func state(flag: String?, environment: [String: String]) -> String {
        if let path = flag ?? value("COINWATCH_STATE", environment) { return absolute(path, environment: environment) }
        return xdg("XDG_STATE_HOME", else: "/.local/state", environment) + "/coinwatch/state.json"
    }

    /// The cache folder (SPEC §7): `$COINWATCH_CACHE`, else `$XDG_CACHE_HOME/coinwatch`, else
    /// `~/.cache/coinwatch`. Always absolute.
    package static func cache(environment: [String: String]) -> String {
        if let path = value("COINWATCH_CACHE", environment) { return absolute(path, environment: environment) }
        return xdg("XDG_CACHE_HOME", else: "/.cache", environment) + "/coinwatch"
    }

    /// The XDG base folder `variable` names, else `folder` in the home folder; absolute.
    private static func xdg(_ variable: String, else folder: String, _ environment: [String: String]) -> String {
        absolute(value(variable, environment) ?? home(environment) + folder, environment: environment)
    }

    /// `environment[name]` unless it is unset or empty.
    private static func value(_ name: String, _ environment: [String: String]) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The history store in the cache folder.
    package static func historyStore(environment: [String: String]) -> String {
        cache(environment: environment) + "/history.sqlite"
    }

    /// `path` with `~` expanded and made absolute against the working folder.
    package static func absolute(_ path: String, environment: [String: String]) -> String {
        var path = path
        if path == "~" || path.hasPrefix("~/") { path = home(environment) + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return currentDirectory() + "/" + path
    }

    /// The home folder: `$HOME`, else the password database.
    package static func home(_ environment: [String: String]) -> String {
        if let home = value("HOME", environment) { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
