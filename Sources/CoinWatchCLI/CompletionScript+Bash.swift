extension CompletionScript {
    /// The bash script: a `complete -F` function that finds the subcommand (skipping options
    /// and their values), then offers that command's options, its first word, or option values.
    static func bash(_ model: CompletionModel) -> String {
        var script = header("bash", install: "~/.local/share/bash-completion/completions/coinwatch")
        script += """
        _coinwatch() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            # bash splits --option=value at '='.
            if [[ $cur == = ]]; then
                cur=
            elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
                prev=${COMP_WORDS[COMP_CWORD-2]}
            fi
            local cmd= first= word
            local -a files=()
            local -i i=1 arguments=0
            while (( i < COMP_CWORD )); do
                word=${COMP_WORDS[i]}
                case $word in
                    \(model.valueOptionNames.joined(separator: "|")))
                        if [[ ${COMP_WORDS[i+1]} == = ]]; then (( i += 2 )); else (( i += 1 )); fi
                        # The files the dynamic words come from.
                        if [[ $word == --rules || $word == --state ]]; then files+=("$word" "${COMP_WORDS[i]}"); fi ;;
                    -*) ;;
                    *) if [[ -z $cmd ]]; then cmd=$word; else (( arguments == 0 )) && first=$word; (( arguments += 1 )); fi ;;
                esac
                (( i += 1 ))
            done

            case $prev in

        """
        for (names, _, values) in optionCases(model) {
            guard values.contains(where: { $0.value != nil }) else { continue }
            script += "        \(names.joined(separator: "|")))\n"
            if values.count == 1, let only = values.first {
                script += "            \(action(only.value))\n"
            } else {
                script += "            case $cmd in\n"
                for (commands, value) in values {
                    script += "                \(commands.map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: "|"))) \(action(value)) ;;\n"
                }
                script += "                *) COMPREPLY=() ;;\n            esac\n"
            }
            script += "            return ;;\n"
        }
        script += """
            esac

            local options words=
            case $cmd in

        """
        for command in model.commands {
            let label = command.name.isEmpty ? "\"\"" : command.name
            let words = command.name.isEmpty ? model.subcommandNames : command.words
            script += "        \(label))\n"
            script += "            options=\(shellQuoted(command.options.flatMap(\.names).joined(separator: " ")))\n"
            if !words.isEmpty {
                let guardText = command.name.isEmpty ? "" : "(( arguments == 0 )) && "
                script += "            \(guardText)words=\(shellQuoted(words.joined(separator: " ")))\n"
            }
            script += "            ;;\n"
        }
        script += """
                *)
                    options=\(shellQuoted(model.allOptionNames.joined(separator: " ")))
                    ;;
            esac
            if [[ $cur == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
                return
            fi
            # Rule ids, favorites, sink names and silence ids from the user's rules.json and state.
            case "$cmd:$arguments:$first" in

        """
        for dynamic in CompletionModel.dynamicArguments {
            script += "        \(dynamic.casePattern)) \(dynamicReply(dynamic.sources)); return ;;\n"
        }
        script += """
            esac
            mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
        }

        # The words `coinwatch __complete KIND` prints for each KIND, from the files on the line.
        _coinwatch_dynamic() {
            local kind
            for kind; do "${COMP_WORDS[0]}" __complete "$kind" "${files[@]}" 2>/dev/null; done
        }

        complete -F _coinwatch coinwatch

        """
        return script
    }

    /// The bash that offers the words of `sources` matching `$cur`.
    private static func dynamicReply(_ sources: [CompletionModel.Source]) -> String {
        let kinds = sources.map(\.rawValue).joined(separator: " ")
        return "mapfile -t COMPREPLY < <(compgen -W \"$(_coinwatch_dynamic \(kinds))\" -- \"$cur\")"
    }

    /// The bash that fills COMPREPLY with what an option's value completes to.
    private static func action(_ value: CompletionModel.Value?) -> String {
        switch value {
        case nil: return "COMPREPLY=()"
        case .file: return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .choices(let words): return "mapfile -t COMPREPLY < <(compgen -W \(shellQuoted(words.joined(separator: " "))) -- \"$cur\")"
        case .free: return "COMPREPLY=()"
        case .dynamic(let source): return dynamicReply([source])
        }
    }

    /// `text` in single quotes for sh, bash and zsh.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
