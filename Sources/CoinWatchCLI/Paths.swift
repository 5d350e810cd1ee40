#if canImport(Glibc)
import Glibc
#endif

/// Where rules.json and the state file are when no flag says (SPEC §1).
package enum Paths {
    /// `--rules`, else `$COINWATCH_RULES`, else `./rules.json` when it exists, else
    /// `$XDG_CONFIG_HOME/coinwatch/rules.json` (`~/.config/...`). Always absolute.
    package static func rules(flag: String?, environment: [String: String]) -> String {
        if let flag { return absolute(flag, environment: environment) }
        if let env = environment["COINWATCH_RULES"], !env.isEmpty { return absolute(env, environment: environment) }
        let local = absolute("rules.json", environment: environment)
        if exists(local) { return local }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home(environment) + "/.config"
        return absolute(config, environment: environment) + "/coinwatch/rules.json"
    }

    /// `--state`, else `$COINWATCH_STATE`, else `$XDG_STATE_HOME/coinwatch/state.json`
    /// (`~/.local/state/...`). Always absolute.
    package static func state(flag: String?, environment: [String: String]) -> String {
        if let flag { return absolute(flag, environment: environment) }
        if let env = environment["COINWATCH_STATE"], !env.isEmpty { return absolute(env, environment: environment) }
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home(environment) + "/.local/state"
        return absolute(base, environment: environment) + "/coinwatch/state.json"
    }

    /// The cache folder (SPEC §7): `$COINWATCH_CACHE`, else `$XDG_CACHE_HOME/coinwatch`, else
    /// `~/.cache/coinwatch`. Always absolute.
    package static func cache(environment: [String: String]) -> String {
        if let env = environment["COINWATCH_CACHE"], !env.isEmpty { return absolute(env, environment: environment) }
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home(environment) + "/.cache"
        return absolute(base, environment: environment) + "/coinwatch"
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
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    /// Whether something exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
