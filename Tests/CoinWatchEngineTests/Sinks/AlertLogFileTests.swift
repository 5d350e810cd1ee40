@testable import CoinWatchSupport
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// `AlertLogFile` reads a log in blocks: backward (for `log --limit`) must see exactly the records
/// forward does, in reverse, whatever the line lengths against the block size.
@Suite struct AlertLogFileTests {
    @Test func backwardReadsEveryRecordThatForwardReadsInReverseAcrossBlocks() throws {
        let dir = try TempDir()
        var random = SeededRandom(seed: 36)
        var text = ""
        var expected: [String] = []
        for index in 0..<3000 {
            let padding = String(repeating: "x", count: Int.random(in: 0...(index % 500 == 0 ? 200_000 : 300), using: &random))
            let id = "r\(index)"
            text += #"{"id":"\#(id)","time":"2026-11-29T12:00:00Z","rule":"r","coin":"c","status":"firing","message":"\#(padding)"}"# + "\n"
            expected.append(id)
            if index % 700 == 0 { text += "\n{torn\n" }
        }
        let path = try dir.write("alerts.jsonl", text)
        let file = try AlertLogFile(path: path)
        #expect(file.size > Int64(AlertLogFile.blockSize) * 20)
        var forward: [String] = []
        file.forward(tail: true) { forward.append(Self.id($0)) }
        #expect(forward == expected)
        #expect(file.skipped == 5)
        let backwardFile = try AlertLogFile(path: path)
        var backward: [String] = []
        backwardFile.backward(tail: true) { backward.append(Self.id($0)); return true }
        #expect(backward == expected.reversed())
        #expect(backwardFile.skipped == 5)
        var last: [String] = []
        try AlertLogFile(path: path).backward(tail: true) { last.append(Self.id($0)); return last.count < 20 }
        #expect(last == Array(expected.suffix(20).reversed()))
    }

    @Test func anUnfinishedLastLineIsLeftToTheFollowerUnlessTheTailIsAsked() throws {
        let dir = try TempDir()
        let whole = #"{"id":"a","time":"2026-11-29T12:00:00Z","rule":"r","coin":"c","status":"firing","message":"m"}"#
        let path = try dir.write("alerts.jsonl", whole + "\n" + whole.replacing(#""a""#, with: #""b""#))
        let file = try AlertLogFile(path: path)
        #expect(file.completeEnd == Int64(whole.utf8.count + 1))
        var ids: [String] = []
        file.forward(tail: false) { ids.append(Self.id($0)) }
        #expect(ids == ["a"])
        ids = []
        file.forward(tail: true) { ids.append(Self.id($0)) }
        #expect(ids == ["a", "b"], "a last line without its newline is read when nothing follows")
    }

    private static func id(_ record: AlertLogRecord) -> String {
        (try? JSONParser.parse(Array(record.line.utf8)))?["id"]?.stringValue ?? "?"
    }
}
