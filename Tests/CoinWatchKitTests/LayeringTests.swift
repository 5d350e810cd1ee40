import Foundation
import Testing

/// The layers of `Sources/CoinWatchKit` depend one way: the command line uses the rest, nothing
/// else uses the command line (docs/development.md, "Layers").
@Suite struct LayeringTests {
    static let kit = Fixtures.root + "/Sources/CoinWatchKit"
    /// Every folder below the command line.
    static let lowerLayers = ["Config", "Engine", "Providers", "Rules", "Sinks", "State", "Support", "Transport"]

    /// The Swift files under `folder` (relative to CoinWatchKit), recursively, sorted.
    static func swiftFiles(in folder: String) -> [String] {
        let root = kit + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }

    /// The code of a Swift file without comments and without the text of string literals (the
    /// code inside a `\(…)` interpolation is kept).
    static func code(_ source: String) -> String {
        let chars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ offset: Int) -> Unicode.Scalar? { i + offset < chars.count ? chars[i + offset] : nil }
        while i < chars.count {
            let c = chars[i]
            if c == "/", at(1) == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
            } else if c == "/", at(1) == "*" {
                i += 2
                while i < chars.count, !(chars[i] == "*" && at(1) == "/") { i += 1 }
                i += 2
            } else if c == "\"" || (c == "#" && at(1) == "\"") {
                let raw = c == "#"
                if raw { i += 1 }
                let triple = at(1) == "\"" && at(2) == "\""
                i += triple ? 3 : 1
                out.append(" ")
                while i < chars.count {
                    if !raw, chars[i] == "\\", at(1) == "(" {
                        i += 2
                        var depth = 1
                        var inner = String.UnicodeScalarView()
                        while i < chars.count, depth > 0 {
                            if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
                            if depth > 0 { inner.append(chars[i]) }
                            i += 1
                        }
                        out.append(contentsOf: code(String(inner)).unicodeScalars)
                        out.append(" ")
                        continue
                    }
                    if !raw, chars[i] == "\\" { i += 2; continue }
                    if chars[i] == "\"", !triple || (at(1) == "\"" && at(2) == "\"") {
                        if !raw { i += triple ? 3 : 1; break }
                        if at(triple ? 3 : 1) == "#" { i += triple ? 4 : 2; break }
                    }
                    i += 1
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }

    /// The identifiers in `code`.
    static func identifiers(_ code: String) -> Set<String> {
        Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The names of the types declared at the top level of the files under `folder`.
    static func topLevelTypes(in folder: String) throws -> Set<String> {
        let declaration = try Regex(#"^(?:public |internal |package |fileprivate |private )?(?:final |indirect )?(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*)"#)
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        for file in swiftFiles(in: folder) {
            let text = code(try String(contentsOfFile: kit + "/" + file, encoding: .utf8))
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func noFileBelowTheCommandLineUsesATypeDeclaredInCLI() throws {
        let cliTypes = try Self.topLevelTypes(in: "CLI")
        #expect(cliTypes.isSuperset(of: ["CLI", "CommandContext", "Arguments", "RunCommand"]))
        var uses: [String] = []
        for folder in Self.lowerLayers {
            for file in Self.swiftFiles(in: folder) {
                let words = Self.identifiers(Self.code(try String(contentsOfFile: Self.kit + "/" + file, encoding: .utf8)))
                for name in cliTypes.intersection(words).sorted() { uses.append("\(file) uses \(name)") }
            }
        }
        #expect(uses == [])
    }

    @Test func theScanSeesCodeAndInterpolationsButNotCommentsOrText() {
        let code = Self.code(#"""
        let a = Plan() // RunCommand
        /* LoopRunner */ let b = "CLI says \(CLI.version) and \("HelpText")"
        let c = #"Paths"# + """
            CheckOnline
            """
        """#)
        #expect(Self.identifiers(code).intersection(["Plan", "RunCommand", "LoopRunner", "CLI", "HelpText", "Paths", "CheckOnline"])
            == ["Plan", "CLI"])
    }
}
