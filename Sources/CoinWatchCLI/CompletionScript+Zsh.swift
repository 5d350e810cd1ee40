extension CompletionScript {
    /// The zsh script (`_coinwatch` for `$fpath`, or `source`d): finds the subcommand, then
    /// hands `_arguments` that command's option specs and its first word.
    static func zsh(_ model: CompletionModel) -> String {
        var script = "#compdef coinwatch\n"
        script += header("zsh", install: "~/.zfunc/_coinwatch (a folder in $fpath)")
        script += """
        _coinwatch() {
            local context state state_descr line cmd= word
            typeset -A opt_args
            local -a subcommands specs
            local -i i=2
            subcommands=(

        """
        for command in model.commands where !command.name.isEmpty {
            script += "        \(shellQuoted(command.name + ":" + command.summary))\n"
        }
        script += """
            )
            while (( i < CURRENT )); do
                word=${words[i]}
                case $word in
                    (\(model.valueOptionNames.joined(separator: "|"))) (( i += 1 )) ;;
                    (-*) ;;
                    (*) cmd=$word; break ;;
                esac
                (( i += 1 ))
            done
            case $cmd in

        """
        for command in model.commands {
            script += "        (\(command.name.isEmpty ? "''" : command.name))\n"
            script += "            specs=(\n"
            for option in command.options {
                for spec in specs(option) { script += "                \(spec)\n" }
            }
            if !command.words.isEmpty {
                script += "                \(shellQuoted("2:argument:(" + command.words.joined(separator: " ") + ")"))\n"
            }
            script += "            ) ;;\n"
        }
        script += "        (*)\n            specs=(\n"
        // Every option once, its value completed as for the first command that takes it.
        for (names, help, values) in optionCases(model) {
            let option = CompletionModel.Option(names: names, value: values.first.flatMap(\.value), help: help)
            for spec in specs(option) { script += "                \(spec)\n" }
        }
        script += """
                    ) ;;
            esac
            _arguments -S $specs '1:command:->command' '*:argument:_coinwatch_dynamic' && return
            if [[ $state == command ]]; then
                _describe -t commands 'coinwatch command' subcommands
            fi
        }

        # Rule ids, favorites, sink names and silence ids from the rules.json and state on the line
        # (`coinwatch __complete KIND`), for the arguments and option values that name them.
        _coinwatch_words() {
            local -a files found
            local kind
            local -i j
            for (( j = 2; j < CURRENT; j++ )); do
                [[ ${words[j]} == (--rules|--state) ]] && files+=(${words[j]} ${words[j+1]})
            done
            for kind; do found+=(${(f)"$(${words[1]} __complete $kind $files 2>/dev/null)"}); done
            compadd -a found
        }

        # The kinds of words the positional argument under the cursor takes, if any.
        _coinwatch_dynamic() {
            local -a args kinds
            local w
            local -i j skip=0
            for (( j = 2; j < CURRENT; j++ )); do
                w=${words[j]}
                if (( skip )); then skip=0; continue; fi
                case $w in
                    (\(model.valueOptionNames.joined(separator: "|"))) skip=1 ;;
                    (-*) ;;
                    (*) args+=($w) ;;
                esac
            done
            case "${args[1]}:$(( ${#args} - 1 )):${args[2]}" in

        """
        for dynamic in CompletionModel.dynamicArguments {
            script += "                (\(dynamic.casePattern)) kinds=(\(dynamic.sources.map(\.rawValue).joined(separator: " "))) ;;\n"
        }
        script += """
                (*) return 1 ;;
            esac
            _coinwatch_words $kinds
        }

        if [[ $funcstack[1] == _coinwatch ]]; then
            _coinwatch "$@"
        else
            compdef _coinwatch coinwatch
        fi

        """
        return script
    }

    /// The `_arguments` specs of one option, one per spelling, each excluding the others.
    private static func specs(_ option: CompletionModel.Option) -> [String] {
        let help = option.help.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
        let exclusion = option.names.count > 1 ? "(" + option.names.joined(separator: " ") + ")" : ""
        return option.names.map { name in
            var spec = exclusion + name
            if let value = option.value {
                spec += (name.hasPrefix("--") ? "=" : "") + "[\(help)]"
                switch value {
                case .file: spec += ":path:_files"
                case .choices(let words): spec += ":value:(" + words.joined(separator: " ") + ")"
                case .free: spec += ":value: "
                case .dynamic(let source): spec += ":value:{_coinwatch_words \(source.rawValue)}"
                }
            } else {
                spec += "[\(help)]"
            }
            return shellQuoted(spec)
        }
    }
}
