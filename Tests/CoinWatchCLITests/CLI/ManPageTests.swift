import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchCLI

/// SPEC §1: a man page, coinwatch(1), ships in the repository as `coinwatch.1`; `man -l`
/// renders it, and it names every command, option and exit status.
@Suite struct ManPageTests {
    private let path = Fixtures.root + "/coinwatch.1"
    private let rulesPath = Fixtures.root + "/coinwatch-rules.5"

    private func read(_ relative: String) throws -> String {
        try String(contentsOfFile: Fixtures.root + "/" + relative, encoding: .utf8)
    }

    /// Writes `generated` to `path` when COINWATCH_WRITE_DOCS=1, then checks the committed copy.
    private func expectCurrent(_ path: String, _ generated: String) throws {
        if ProcessInfo.processInfo.environment["COINWATCH_WRITE_DOCS"] == "1" {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)
        #expect(onDisk == generated, "\(path) is stale; regenerate: COINWATCH_WRITE_DOCS=1 swift test --filter ManPageTests")
    }

    /// coinwatch(1)'s synopsis, commands and options come from the option table that also
    /// makes `--help` and the completions; the committed page is what the generator writes.
    @Test func manPageIsGeneratedFromTheOptionTable() throws {
        try expectCurrent(path, ManPage.coinwatch(template: read("docs/man/coinwatch.1.in")))
    }

    /// coinwatch-rules(5) is the user guide's rules and conditions pages; the committed page is current.
    @Test func rulesManPageIsGeneratedFromTheGuide() throws {
        let page = ManPage.rules(rulesGuide: try read("docs/rules.md"), conditionsGuide: try read("docs/conditions.md"),
                                 date: "2026-12-01", version: Version.current)
        try expectCurrent(rulesPath, page)
        #expect(page.contains(".SS \"above (level)\""))
    }

    /// README's command list is each command's usage line and summary from the option table
    /// (`HelpText.commandTable`), between its two markers; the committed README is current.
    @Test func readmeCommandListIsGeneratedFromTheOptionTable() throws {
        let readme = try read("README.md")
        let start = "<!-- commands:start (generated from the option table: make schema) -->\n", end = "<!-- commands:end -->"
        let head = try #require(readme.range(of: start)), tail = try #require(readme.range(of: end))
        try expectCurrent(Fixtures.root + "/README.md", String(readme[..<head.upperBound]) + HelpText.commandTable() + String(readme[tail.lowerBound...]))
        #expect(HelpText.commandTable().contains("`coinwatch [--once] [--interval <dur>] [--dry-run] [--baseline] [--metrics <path>]"))
    }

    /// A `code` span that runs over two lines of the guide is bold on both, not printed with its backticks.
    @Test func aCodeSpanOverTwoLinesIsBoldOnBoth() {
        let roff = Roff.fromMarkdown("It prints `{\"a\": 1,\n\"b\": 2}` once and `c` too.\n")
        #expect(roff.contains("\\fB{\"a\": 1,\n\"b\": 2}\\fR once and \\fBc\\fR too"), "\(roff)")
        #expect(!roff.contains("`"))
    }

    @Test func rulesManPageRendersWithoutWarnings() throws {
        let run = try Shell.run("groff", ["-man", "-Tutf8", "-ww", "-z", rulesPath])
        #expect(run.status == 0)
        #expect(run.stderr == "", "\(run.stderr)")
        let man = try Shell.run("man", ["-l", rulesPath], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(man.stdout.contains("crosses_above"))
    }

    /// A generated option entry changes when the table does (the check above can fail).
    @Test func aNewOptionReachesTheGeneratedPage() {
        #expect(ManPage.options().contains("\\-\\-dry\\-run"))
        #expect(ManPage.synopsis().contains(".OP \\-\\-conditions"))
    }

    /// The page's text with roff's `\-` read as `-`.
    private func text() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
    }

    /// Whether `name` stands in `text` as a whole option (`-q` does not count inside `--quiet`).
    private func mentions(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
            if before != "-", !before.isLetter, after != "-", !after.isLetter { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    @Test func manPageNamesEveryOptionOfTheTable() throws {
        let page = try text()
        for name in ArgumentParser.options.flatMap(\.names) {
            #expect(mentions(page, name), "coinwatch.1 does not document \(name)")
        }
    }

    @Test func manPageNamesEveryCommand() throws {
        let page = try text()
        for command in Arguments.Command.allCases where command != .run {
            #expect(page.contains(".B \(command.rawValue)"), "coinwatch.1 has no entry for \(command.rawValue)")
        }
    }

    @Test func manPageHasTheSectionsAManPageNeeds() throws {
        let page = try text()
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "LOOP MODE", "EXIT STATUS",
                        "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(page.contains(".SH \(section)") || page.contains(".SH \"\(section)\""), "missing \(section)")
        }
        for code in [0, 1, 64, 65, 66, 75] {
            #expect(page.contains(".B \(code)\n"), "exit status \(code) is not described")
        }
        for variable in ["COINWATCH_RULES", "COINWATCH_STATE", "NO_COLOR", "XDG_CONFIG_HOME", "XDG_STATE_HOME"] {
            #expect(page.contains(variable))
        }
    }

    @Test func manRendersThePage() throws {
        let run = try Shell.run("man", ["-l", path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("EXIT STATUS"))
        #expect(run.stdout.contains("SIGHUP"))
    }

    @Test func groffReportsNoWarnings() throws {
        let run = try Shell.run("groff", ["-man", "-Tutf8", "-ww", "-z", path])
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    /// Both pages lint clean under mandoc (no `PP after SH`, no unknown glyph) and render in the C
    /// locale without a warning (no raw ₩ ₹ ₿ …); the SYNOPSIS shows `explain rule [coin]`.
    @Test(.enabled(if: Shell.which("mandoc") != nil, "mandoc is not installed (make deps)"))
    func bothPagesLintCleanAndRenderInTheCLocale() throws {
        for page in [path, rulesPath] {
            let lint = try Shell.run("mandoc", ["-T", "lint", "-W", "warning", page])
            #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
            let man = try Shell.run("man", ["-l", page], environment: ["LANG": "C", "LC_ALL": "C", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
            #expect(man.status == 0 && man.stderr.isEmpty, "\(page): \(man.stderr)")
            let ascii = man.stdout.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "\(page) renders characters the C locale has not")
        }
        let rendered = try Shell.run("man", ["-l", path], environment: ["LANG": "C", "LC_ALL": "C", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        let synopsis = rendered.stdout.replacing(/.\x{8}/, with: "")
        #expect(synopsis.contains("coinwatch explain rule [coin]"), "\(synopsis.prefix(3000))")
    }
}
