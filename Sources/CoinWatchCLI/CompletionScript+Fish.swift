extension CompletionScript {
    /// The fish script: helper functions that find the subcommand on the line, then one
    /// `complete` line per subcommand, option and first word, each guarded by the commands it applies to.
    static func fish(_ model: CompletionModel) -> String {
        var script = header("fish", install: "~/.config/fish/completions/coinwatch.fish")
        script += """
        function __coinwatch_words --description 'The words of the coinwatch command line that are not options or option values'
            set -l tokens (commandline -opc)
            set -e tokens[1]
            set -l skip 0
            for token in $tokens
                if test $skip -eq 1
                    set skip 0
                    continue
                end
                switch $token
                    case \(model.valueOptionNames.joined(separator: " "))
                        set skip 1
                    case '-*'
                    case '*'
                        echo $token
                end
            end
        end

        function __coinwatch_for --description 'Whether the subcommand on the line (run: none) is one of the arguments'
            set -l words (__coinwatch_words)
            set -l command run
            set -q words[1]; and set command $words[1]
            contains -- $command $argv
        end

        function __coinwatch_first_argument_of --argument-names command --description 'Whether the next word is the first argument of command'
            set -l words (__coinwatch_words)
            test (count $words) -eq 1; and test "$words[1]" = "$command"
        end

        function __coinwatch_argument --argument-names command position after repeats --description 'Whether the next word is argument number position of command (after its first word after)'
            set -l words (__coinwatch_words)
            test "$words[1]" = "$command"; or return 1
            set -l typed (math (count $words) - 1)
            if test -n "$after"
                test "$words[2]" = "$after"; or return 1
            end
            if test "$repeats" = repeats
                test $typed -ge $position
            else
                test $typed -eq $position
            end
        end

        function __coinwatch_dynamic --description 'Rule ids, favorites, sink names or silence ids from the rules.json and state on the line'
            set -l tokens (commandline -opc)
            set -l files
            for i in (seq 2 (count $tokens))
                if contains -- $tokens[$i] --rules --state; and test $i -lt (count $tokens)
                    set files $files $tokens[$i] $tokens[(math $i + 1)]
                end
            end
            for kind in $argv
                $tokens[1] __complete $kind $files 2>/dev/null
            end
        end

        complete -c coinwatch -f

        """
        for command in model.commands where !command.name.isEmpty {
            script += "complete -c coinwatch -n '__coinwatch_for run' -a \(fishQuoted(command.name)) -d \(fishQuoted(command.summary))\n"
        }
        for command in model.commands where !command.words.isEmpty {
            script += "complete -c coinwatch -n \(fishQuoted("__coinwatch_first_argument_of " + command.name)) -a \(fishQuoted(command.words.joined(separator: " ")))\n"
        }
        for dynamic in CompletionModel.dynamicArguments {
            let test = "__coinwatch_argument \(dynamic.command) \(dynamic.position) '\(dynamic.after ?? "")'" + (dynamic.repeats ? " repeats" : "")
            let kinds = dynamic.sources.map(\.rawValue).joined(separator: " ")
            script += "complete -c coinwatch -n \(fishQuoted(test)) -a \(fishQuoted("(__coinwatch_dynamic \(kinds))"))\n"
        }
        for (names, help, values) in optionCases(model) {
            for (commands, value) in values {
                var line = "complete -c coinwatch -n \(fishQuoted("__coinwatch_for " + commands.map { $0.isEmpty ? "run" : $0 }.joined(separator: " ")))"
                for name in names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                switch value {
                case nil: break
                case .file?: line += " -r -F"
                case .choices(let words)?: line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                case .free?: line += " -x"
                case .dynamic(let source)?: line += " -x -a \(fishQuoted("(__coinwatch_dynamic \(source.rawValue))"))"
                }
                script += line + " -d \(fishQuoted(help))\n"
            }
        }
        return script
    }

    /// `text` in single quotes for fish (which escapes `\` and `'` inside them).
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
