@testable import CoinWatchMarket
import Foundation
import Testing
@testable import TestHelpers

/// A provider is its folder (`Sources/CoinWatchMarket/Providers/<Name>/`) plus its line in
/// `ProviderRegistry.all`: no other source file names it in code, as an identifier (`CoinGecko`,
/// `UpbitFeed`, `.binance`) or in a string literal (`"bithumb"`); comments may. The bench
/// (`Sources/coinwatch-bench`) is left out: it measures given providers on their captured answers.
@Suite struct ProviderHomeTests {
    /// `path:line: name` for every name of `providers` (type name and rules.json name) that
    /// `source` uses in code; comments are not code.
    static func strays(in source: String, path: String, providers: [String]) -> [String] {
        let stripped = withoutComments(source)
        let code = Array(stripped.lowercased().utf8), original = Array(stripped.utf8)
        var found: [String] = []
        for name in providers.map({ Array($0.lowercased().utf8) }) {
            var index = 0
            while index + name.count <= code.count {
                defer { index += 1 }
                guard code[index] == name[0], code[index..<index + name.count].elementsEqual(name) else { continue }
                let before = index > 0 ? original[index - 1] : 0x20
                let after = index + name.count < original.count ? original[index + name.count] : 0x20
                // A word of its own, or a camel-case part (`CoinGeckoCard`, `bithumbTypes`), not `binancecoin`.
                let startsWord = !isLetter(before) || isUpper(original[index]) && !isUpper(before)
                guard startsWord, !isLower(after) else { continue }
                let line = original[..<index].count { $0 == 0x0A } + 1
                found.append("\(path):\(line): \(String(decoding: name, as: UTF8.self))")
            }
        }
        return found
    }

    /// `source` with its `//` and `/* */` comments blanked (newlines kept); string literals, where
    /// `//` is text (`https://…`), are kept whole.
    static func withoutComments(_ source: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(source.utf8)
        var index = 0
        var inString = false
        func at(_ text: String) -> Bool { bytes[index...].starts(with: text.utf8) }
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    out += bytes[index..<min(index + 2, bytes.count)]
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if at("//") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            } else if at("/*") {
                while index < bytes.count, !at("*/") {
                    if bytes[index] == 0x0A { out.append(0x0A) }
                    index += 1
                }
                index += 2
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = !at("\"\"\"")
                if !inString {
                    // A multi-line string: up to its closing delimiter.
                    let start = index
                    index += 3
                    while index < bytes.count, !at("\"\"\"") { index += 1 }
                    index = min(index + 3, bytes.count)
                    out += bytes[start..<index]
                    continue
                }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// Every name each registered provider goes by: its type's and its rules.json name.
    static let registered: [(folder: String, names: [String])] = ProviderRegistry.all.map { type in
        let typeName = String(describing: type)
        return (typeName, Array(Set([typeName.lowercased(), type.providerName.lowercased()])))
    }

    @Test func noSourceOutsideAProvidersFolderAndTheRegistryNamesIt() throws {
        let sources = Fixtures.root + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var strays: [String] = []
        for file in files.sorted() where !file.hasPrefix("coinwatch-bench/") && file != "CoinWatchMarket/Providers/ProviderRegistry.swift" {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for provider in Self.registered where !file.hasPrefix("CoinWatchMarket/Providers/\(provider.folder)/") {
                strays += Self.strays(in: text, path: "Sources/" + file, providers: provider.names)
            }
        }
        #expect(strays.isEmpty, "a provider's name outside its folder and its registry line:\n\(strays.joined(separator: "\n"))")
    }

    @Test func theScanSeesIdentifiersAndStringsButNotCommentsOrLongerWords() {
        let source = """
            /// CoinGecko in a doc comment, and "coingecko" quoted in it
            let a = CoinGeckoCard() // coingecko
            let b = ProviderConfig(name: .coingecko) /* CoinGecko */
            let c = "https://x/y" + "use coingecko"
            let d = ["binancecoin": 1, "bitcoin": 2]
            """
        #expect(Self.strays(in: source, path: "f", providers: ["coingecko", "binance"]) == ["f:2: coingecko", "f:3: coingecko", "f:4: coingecko"])
    }
}
