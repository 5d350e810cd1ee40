import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchRules

/// One home per sink format (issue #31): a format is its own files and one line of `SinkFormats.all`,
/// so adding one touches nothing else, and every list of formats comes from the registry.
struct SinkFormatHomeTests {
    /// Lines of Swift files under `root` that name a format outside its own files (whose names begin
    /// with the format's name) and the registry's lines: `path:line: text`. A format's name is matched
    /// case-insensitively anywhere in a line; `json`, which every other file speaks of, only as the
    /// quoted `"json"` or its type's name.
    static func strayMentions(under root: String, formats: [any SinkFormat.Type] = SinkFormats.all) -> [String] {
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        var found: [String] = []
        for file in files {
            let base = (file as NSString).lastPathComponent.lowercased()
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if base == "sinkformats.swift", line.trimmingCharacters(in: .whitespaces).hasSuffix(".self,") { continue }
                let lowered = line.lowercased()
                for format in formats where !base.hasPrefix(format.name) {
                    let needles = format.name == "json" ? ["\"json\"", String(describing: format).lowercased()] : [format.name]
                    if needles.contains(where: { lowered.contains($0) }) {
                        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        return found
    }

    @Test func noFormatsNameAppearsInASourceFileOutsideItsOwnFilesAndTheRegistry() {
        let stray = Self.strayMentions(under: Fixtures.root + "/Sources")
        #expect(stray.isEmpty, "\(stray.count) lines:\n\(stray.joined(separator: "\n"))")
    }

    /// The check can fail: a format named in another file is found, with its place.
    @Test func aFormatNamedInAnotherFileIsFound() throws {
        let dir = try TempDir()
        try dir.write("SlackFormat.swift", "enum SlackFormat { static let name = \"slack\" }\n")
        try dir.write("SinkFormats.swift", "let all = [\n    SlackFormat.self,\n]\n")
        try dir.write("Other.swift", "// fine\nlet payload = SlackFormat.self  // not fine\nlet x = \"json\"\n")
        #expect(Self.strayMentions(under: dir.path) == [
            "Other.swift:2: let payload = SlackFormat.self  // not fine",
            "Other.swift:3: let x = \"json\"",
        ])
    }

    @Test func everyFormatsNameIsUniqueLowerCaseAndItsExampleIsASinkOfIt() {
        let names = SinkFormats.names
        #expect(Set(names).count == names.count)
        for format in SinkFormats.all {
            #expect(format.name == format.name.lowercased() && !format.name.isEmpty)
            #expect(format.example.contains("\"format\": \"\(format.name)\""), "\(format.name): \(format.example)")
        }
    }
}
