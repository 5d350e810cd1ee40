/// The man pages, generated from the `--help` tables and `docs/man/coinwatch.1.in` (coinwatch(1)) and
/// from docs/rules.md and docs/conditions.md (coinwatch-rules(5)); regenerate them with
/// `COINWATCH_WRITE_DOCS=1 swift test --filter ManPageTests`.
package enum ManPage {
    /// The options every command takes, shown once in the synopsis rather than on every line.
    static let commonOptions: Set<String> = ["--rules", "--state", "--color", "--json", "-q", "-v", "-h", "--version"]

    /// coinwatch(1): `template` with its `@SYNOPSIS@`, `@COMMANDS@` and `@OPTIONS@` lines
    /// replaced by the generated sections.
    package static func coinwatch(template: String) -> String {
        var out = ""
        for line in template.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case "@SYNOPSIS@": out += synopsis()
            case "@COMMANDS@": out += commands()
            case "@OPTIONS@": out += options()
            default: out += line + "\n"
            }
        }
        while out.hasSuffix("\n\n") { out.removeLast() }
        return out
    }

    /// One `.SY` block per command, its own options as `.OP`.
    static func synopsis() -> String {
        var out = ""
        for command in Arguments.Command.allCases {
            out += ".SY coinwatch\n"
            if command != .run { out += ".B \(Roff.escape(command.rawValue))\n" }
            if let words = CompletionModel.commandWords[command.rawValue], !words.isEmpty {
                out += ".RB " + words.map { "\"\(Roff.escape($0))\"" }.joined(separator: " \" | \" ") + "\n"
            }
            for argument in HelpText.positionals(command) {
                if argument.hasPrefix("[") {
                    out += ".RI [ \(Roff.escape(argument.filter { $0 != "[" && $0 != "]" })) ]\n"
                } else {
                    out += ".I \(Roff.escape(argument))\n"
                }
            }
            for (name, value) in HelpText.synopsisOptions(command) {
                out += ".OP \(Roff.escape(name))" + (value.map { " \($0)" } ?? "") + "\n"
            }
            out += ".YS\n"
        }
        out += ".SY coinwatch\n.BR \\-\\-help \" | \" \\-\\-version \" | \"\n.I command\n.B \\-\\-help\n.YS\n"
        return out
    }

    /// `.TP` per subcommand, with its overview.
    static func commands() -> String {
        var out = ".TP\n.B coinwatch \\fR[\\fIoptions\\fR]\n\(Roff.escape(HelpText.overview(.run)))\n"
        for command in Arguments.Command.allCases where command != .run {
            var head = ".B \(Roff.escape(command.rawValue))"
            if let words = CompletionModel.commandWords[command.rawValue], !words.isEmpty {
                head += " \\fR" + words.map { "\\fB\(Roff.escape($0))\\fR" }.joined(separator: " | ")
            }
            out += ".TP\n\(head)\n\(Roff.escape(HelpText.overview(command)))\n"
        }
        return out
    }

    /// `.TP` per option: its spellings, its value, its help, and the commands that take it.
    static func options() -> String {
        var out = ""
        for option in ArgumentParser.options {
            let names = option.names.map(Roff.escape)
            if let value = option.value {
                out += ".TP\n.BI \"\(names.joined(separator: ", ")) \" \(value.lowercased())\n"
            } else if names.count > 1 {
                out += ".TP\n.BR " + names.joined(separator: " \", \" ") + "\n"
            } else {
                out += ".TP\n.B \(names[0])\n"
            }
            out += Roff.escape(option.help) + "\n"
            if option.commands != ArgumentParser.everyCommand {
                let takers = Arguments.Command.allCases.filter(option.commands.contains)
                    .map { $0 == .run ? "alert passes" : $0.rawValue }
                out += "(" + takers.joined(separator: ", ") + ")\n"
            }
        }
        return out
    }

    /// coinwatch-rules(5): the rules and conditions pages of the user guide, as roff.
    package static func rules(rulesGuide: String, conditionsGuide: String, date: String, version: String) -> String {
        var out = ".\\\" Generated from docs/rules.md and docs/conditions.md; do not edit (see ManPage.swift).\n"
        out += ".TH COINWATCH\\-RULES 5 \(date) \"coinwatch \(Roff.escape(version))\" \"File Formats\"\n"
        out += ".SH NAME\nrules.json \\- coinwatch alert rules, favorites and sinks\n"
        out += ".SH DESCRIPTION\n"
        out += ".B coinwatch\n(1) reads its watchlist, rules and sinks from one JSON file, described here.\n"
        out += Roff.fromMarkdown(rulesGuide)
        out += Roff.fromMarkdown(conditionsGuide)
        out += ".SH SEE ALSO\n.BR coinwatch (1)\n"
        return out
    }
}

/// The little roff that the man pages need: escaping, and the Markdown of the user guide
/// (headings, paragraphs, lists, code blocks, tables, inline code and emphasis).
enum Roff {
    /// Characters that neither groff nor mandoc can draw in the C locale (no glyph, no fallback),
    /// written in ASCII: `man` in `LANG=C` would warn about them and print nothing.
    static let asciiFallbacks: [Unicode.Scalar: String] = ["\u{2026}": "...", "\u{20A9}": "KRW ", "\u{20B9}": "INR ", "\u{20BF}": "BTC "]

    /// `text` safe inside a roff line: backslashes and hyphens escaped, characters beyond ASCII
    /// written as groff's `\[uXXXX]` (or in ASCII, `asciiFallbacks`), a leading `.` or `'` guarded.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where asciiFallbacks[scalar] != nil: out += asciiFallbacks[scalar] ?? ""
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.first == "." || out.first == "'" { out = "\\&" + out }
        return out
    }

    /// Markdown inline markup as roff fonts: `code` and **strong** bold, *emphasis* italic,
    /// links as their text.
    static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                out += "\\fB" + escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "\\fR"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).firstRange(of: "**") {
                out += "\\fB" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "\\fR"
                rest = rest[end.upperBound...]
            } else if first == "[", let close = rest.firstIndex(of: "]"),
                      rest[rest.index(after: close)...].first == "(",
                      let paren = rest[close...].firstIndex(of: ")") {
                out += inline(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: paren)...]
            } else if first == "*", rest.dropFirst().first.map({ $0 != " " && $0 != "*" }) == true,
                      let end = rest.dropFirst().firstIndex(of: "*") {
                out += "\\fI" + escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "\\fR"
                rest = rest[rest.index(after: end)...]
            } else {
                out += escape(String(first))
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// `inline` for one line of a paragraph, where a `code` span may run on from the line before (`code`: one is
    /// open; roff keeps the font across lines): an unclosed backtick leaves it open for the next line.
    static func inline(_ line: String, code: inout Bool) -> String {
        var text = Substring(line), out = ""
        if code {
            guard let end = text.firstIndex(of: "`") else { return escape(line) }
            out = escape(String(text[..<end])) + "\\fR"
            text = text[text.index(after: end)...]
            code = false
        }
        if text.count(where: { $0 == "`" }) % 2 == 1, let open = text.lastIndex(of: "`") {
            code = true
            return out + inline(String(text[..<open])) + "\\fB" + escape(String(text[text.index(after: open)...]))
        }
        return out + inline(String(text))
    }

    /// The Markdown of a guide page as man-page sections: `#`/`##` headings become `.SH`,
    /// deeper ones `.SS`; HTML comments are dropped.
    static func fromMarkdown(_ markdown: String) -> String {
        var out = ""
        var inCode = false
        var paragraphOpen = false
        var code = false
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("```") {
                out += inCode ? ".EE\n" : paragraphBreak(after: out) + ".EX\n"
                inCode.toggle()
                paragraphOpen = false
                continue
            }
            if inCode {
                out += escape(line) + "\n"
                continue
            }
            let trimmed = line.trimmingSpaces
            if trimmed.hasPrefix("<!--") || trimmed.isEmpty {
                paragraphOpen = false
                code = false
                continue
            }
            if trimmed.hasPrefix("#") {
                let level = trimmed.prefix(while: { $0 == "#" }).count
                let title = String(trimmed.dropFirst(level)).trimmingSpaces
                out += (level <= 2 ? ".SH " : ".SS ") + "\"" + plain(title) + "\"\n"
                paragraphOpen = false
            } else if trimmed.hasPrefix("|") {
                if trimmed.allSatisfy({ "|-: ".contains($0) }) { continue }
                let cells = trimmed.split(separator: "|").map { inline(String($0).trimmingSpaces) }
                out += ".TP\n" + (cells.first ?? "") + "\n" + cells.dropFirst().joined(separator: " \\(em ") + "\n"
                paragraphOpen = false
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                out += ".IP \\(bu 2\n" + inline(String(trimmed.dropFirst(2)), code: &code) + "\n"
                paragraphOpen = true
            } else {
                if !paragraphOpen { out += paragraphBreak(after: out) }
                out += inline(trimmed, code: &code) + "\n"
                paragraphOpen = true
            }
        }
        if inCode { out += ".EE\n" }
        return out
    }

    /// `.PP`, unless `out` has just opened a section, where a paragraph starts anyway (mandoc:
    /// "skipping paragraph macro: PP after SH").
    private static func paragraphBreak(after out: String) -> String {
        let body = out.dropLast()
        let last = body.lastIndex(of: "\n").map { body[body.index(after: $0)...] } ?? body
        return last.hasPrefix(".SH ") || last.hasPrefix(".SS ") ? "" : ".PP\n"
    }

    /// A heading's text without Markdown marks or quotes.
    private static func plain(_ title: String) -> String {
        escape(title.filter { $0 != "`" && $0 != "*" && $0 != "\"" })
    }
}
