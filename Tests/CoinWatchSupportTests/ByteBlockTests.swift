import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport

/// The tokenizer passes eight bytes at a time where nothing needs deciding (`ByteBlock`): inside a
/// string, along a line's columns. Whatever byte sits at whatever
/// offset of a word, it reads exactly what a byte-by-byte reading gives.
@Suite struct ByteBlockTests {
    /// Bytes that stop a word: quotes, backslashes, brackets, control characters, line feeds, UTF-8
    /// lead and continuation bytes, and their neighbours (`#` after a quote, `]` and `}` after `[`).
    static let stops: [UInt8] = [0x22, 0x23, 0x5C, 0x5B, 0x5D, 0x7B, 0x7D, 0x01, 0x1F, 0x20, 0x0A, 0x21, 0x7F, 0xC3, 0xA9, 0x80, 0xFF,
                                 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x65, 0xB0, 0xB9, 0xBA]

    @Test func eachMaskMarksItsFirstMatchingByteWhereverItSitsAndNothingElseMatchesBeforeIt() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in random.next() % 3 == 1 ? UInt8.random(in: 0x30...0x39, using: &random) : random.next() % 3 == 0 ? Self.stops.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random) }
            bytes.withUnsafeBufferPointer { buffer in
                let word = ByteBlock.load(buffer, 0)
                let cases: [(UInt64, (UInt8) -> Bool)] = [
                    (ByteBlock.equal(word, 0x22), { $0 == 0x22 }),
                    (ByteBlock.below(word, 0x20), { $0 < 0x20 }),
                    (ByteBlock.high(word), { $0 >= 0x80 }),
                    (ByteBlock.nonDigits(word), { !(0x30...0x39).contains($0) }),
                    (ByteBlock.equal(word, 0x22) | ByteBlock.equal(word, 0x5C) | ByteBlock.below(word, 0x20), { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }),
                    (ByteBlock.notPlainInString(word), { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }),
                ]
                for (mask, matches) in cases {
                    let first = bytes.firstIndex(where: matches)
                    #expect((mask == 0 ? nil : ByteBlock.firstOffset(mask)) == first, "\(bytes)")
                }
            }
        }
    }

    /// The string literal made of `inside`, read by `scanString`.
    private func scanned(_ inside: [UInt8]) -> Result<(Range<Int>, Bool), JSONSyntaxError> {
        let document = [UInt8(ascii: "\"")] + inside + Array(#"", 1]"#.utf8)
        return document.withUnsafeBufferPointer { buffer in
            var tokens = JSONTokenizer(buffer)
            return Result(catching: { () throws(JSONSyntaxError) -> (Range<Int>, Bool) in try tokens.scanString() })
        }
    }

    @Test func aStringReadsTheSameWhereverItsQuoteEscapeControlOrNonASCIIByteSits() throws {
        for offset in 0..<20 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: offset)
            let closed = try scanned(plain).get()
            #expect(closed.0 == 1..<(1 + offset) && !closed.1)
            let escaped = try scanned(plain + Array(#"\"b"#.utf8)).get()
            #expect(escaped.0 == 1..<(offset + 4) && escaped.1, "an escaped quote at \(offset) does not close the string")
            let accented = try scanned(plain + Array("é".utf8) + plain).get()
            #expect(accented.0.count == 2 * offset + 2 && !accented.1)
            let control = scanned(plain + [0x01] + plain)
            #expect(throws: JSONSyntaxError.self) { try control.get() }
            let broken = scanned(plain + [0xC3, 0x28])
            #expect(throws: JSONSyntaxError.self, "a lead byte without its continuation at \(offset)") { try broken.get() }
        }
    }

    @Test func positionsCountEveryLineAndCharacterWhereverTheLineFeedsAndNonASCIISit() {
        var random = SeededRandom(seed: 3)
        let pieces = ["a", "bcdefghij", "\n", "é", "日本", " ", "\"x\""]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var tokens = JSONTokenizer(buffer)
                var (line, column) = (1, 1)
                var next = 0
                for offset in 0...bytes.count {
                    if offset == next || offset == bytes.count {
                        next += Int.random(in: 1...20, using: &random)
                        let counted = tokens.position(of: offset)
                        #expect(counted == (line, column), "offset \(offset) of \(text.debugDescription)")
                    }
                    guard offset < bytes.count else { break }
                    if bytes[offset] == 0x0A {
                        line += 1
                        column = 1
                    } else if bytes[offset] & 0xC0 != 0x80 {
                        column += 1
                    }
                }
            }
        }
    }
}
