import Foundation

/// Asks a real shell which words its completion offers for a command line, with the
/// script `coinwatch completion <shell>` printed loaded the way users load it.
enum CompletionProbe {
    /// The words bash offers: the script sourced, `_coinwatch` called with COMP_WORDS set.
    /// `environment` is added to the shell's (a PATH on which `coinwatch` is found, for the dynamic words).
    static func bash(script: String, line: [String], environment: [String: String] = [:]) throws -> [String] {
        let dir = try TempDir()
        let path = try dir.write("coinwatch.bash", script)
        let quoted = line.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let command = "source \(path); COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _coinwatch; printf '%s\\n' \"${COMPREPLY[@]}\""
        let run = try withExtendedLifetime(dir) { try Shell.run("bash", ["--norc", "-c", command], environment: environment) }
        return words(run.stdout)
    }

    /// The words fish offers: `complete -C` on the line, after sourcing the script.
    static func fish(script: String, line: String, environment: [String: String] = [:]) throws -> [String] {
        let dir = try TempDir()
        let path = try dir.write("coinwatch.fish", script)
        let run = try withExtendedLifetime(dir) { try Shell.run("fish", ["--no-config", "-c", "source \(path); complete -C '\(line)'"], environment: environment) }
        return words(run.stdout).map { String($0.prefix { $0 != "\t" }) }
    }

    /// The words zsh's completion system offers: an interactive zsh on a pseudo-terminal
    /// (zpty) with the script as `_coinwatch` in `$fpath`, the line typed and TAB pressed.
    static func zsh(script: String, line: String, environment: [String: String] = [:]) throws -> [String] {
        let dir = try TempDir()
        try dir.write("_coinwatch", script)
        let probe = try dir.write("probe.zsh", zshProbe)
        let run = try withExtendedLifetime(dir) { try Shell.run("zsh", ["-f", probe, dir.path, line], environment: environment, timeout: 20) }
        return words(run.stdout)
    }

    private static func words(_ text: String) -> [String] {
        Array(Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty })).sorted()
    }

    /// Types the line into an interactive zsh and prints each match that `compadd` adds.
    private static let zshProbe = #"""
    zmodload zsh/zpty
    zpty z zsh -f -i
    zpty -w z "PROMPT=''; RPROMPT=''"
    zpty -w z "fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
    zpty -w z 'compprefuncs=( __probe_setup ); __probe_setup() { comppostfuncs=( __probe_end ) }; __probe_end() { print -r -- "PROBE-END" }'
    zpty -w z 'compadd() { builtin compadd -O __probe_out "$@"; print -r -l -- "PROBE:${^__probe_out[@]}"; builtin compadd "$@" }'
    zpty -w z "bindkey '^I' complete-word; echo ready-\$((6*7))"
    while zpty -r z line; do [[ $line == *ready-42* ]] && break; done
    zpty -n -w z "$2"$'\t'
    while zpty -r z line; do
      [[ $line == *PROBE-END* ]] && break
      [[ $line == *PROBE:* ]] && print -r -- ${${${line#*PROBE:}//$'\r'/}//$'\n'/}
    done
    zpty -d z
    """#
}
