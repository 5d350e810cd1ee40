@testable import CoinWatchCLI
import Testing
@testable import TestHelpers

/// Every command's `--help` (swift-argument-parser's manners): generated from the one option
/// table, it lists exactly the options the command takes and ends with one or two examples.
@Suite struct HelpPageTests {
    /// The option spellings a help page lists under OPTIONS.
    private func listedOptions(_ page: String) -> Set<String> {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
        var names: Set<String> = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  -") else { break }
            for word in line.split(separator: " ") where word.hasPrefix("-") {
                names.insert(String(word.trimmingCharacters(in: [","])))
            }
        }
        return names
    }

    /// The lines under EXAMPLES, which must be the page's last section.
    private func examples(_ page: String) -> [String] {
        guard let range = page.range(of: "\nEXAMPLES:\n") else { return [] }
        return page[range.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: Arguments.Command.allCases)
    func everyHelpPageListsOnlyTheOptionsItsCommandTakes(_ command: Arguments.Command) throws {
        let page = HelpText.page(for: command)
        let listed = listedOptions(page)
        let words = command == .run ? [] : [command.rawValue]
        for option in ArgumentParser.options {
            let takes = option.commands.contains(command)
            for name in option.names {
                #expect(listed.contains(name) == takes, "\(command.rawValue) --help and \(name)")
                let args = words + [name] + (option.value.map { _ in [Self.sampleValue(name)] } ?? [])
                let parsed = Result { () throws(UsageError) in try ArgumentParser.parse(args) }
                if case .failure(let error) = parsed, takes {
                    Issue.record("\(command.rawValue) lists \(name) but refuses it: \(error.message)")
                }
                if case .success = parsed, !takes {
                    Issue.record("\(command.rawValue) does not list \(name) but takes it")
                }
            }
        }
    }

    @Test(arguments: Arguments.Command.allCases)
    func everyHelpPageEndsWithOneOrTwoExamplesThatParse(_ command: Arguments.Command) throws {
        let page = HelpText.page(for: command)
        let lines = examples(page)
        #expect((1...2).contains(lines.count), "\(command.rawValue): \(lines)")
        for line in lines {
            #expect(line.hasPrefix("coinwatch"), "\(line)")
            let words = Self.words(line)
            let parsed = try ArgumentParser.parse(Array(words.dropFirst()))
            #expect(parsed.command == command, "\(line)")
        }
    }

    @Test func anOptionOfAnotherCommandIsRefusedWithAPointerToThisCommandsHelp() throws {
        #expect(throws: UsageError("Error: '--json' does not apply to 'completion'. See 'coinwatch completion --help'.")) {
            try ArgumentParser.parse(["completion", "bash", "--json"])
        }
        #expect(throws: UsageError("Error: '--verbose' does not apply to 'silence'. See 'coinwatch silence --help'.")) {
            try ArgumentParser.parse(["silence", "list", "-v"])
        }
    }

    /// A value each option accepts.
    private static func sampleValue(_ name: String) -> String {
        switch name {
        case "--interval", "--step", "--for": return "5m"
        case "--color": return "never"
        case "--days", "--limit": return "3"
        case "--from", "--to": return "2024-01-01"
        case "--provider": return "coingecko"
        case "--vs": return "usd"
        case "--range": return "7d"
        case "--sort": return "name"
        case "--status": return "firing"
        default: return "x"
        }
    }

    /// A shell line's words: split at spaces, single quotes group, `>` ends the command.
    private static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in line {
            if character == "'" { quoted.toggle(); continue }
            if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return Array(words.prefix { $0 != ">" })
    }
}
