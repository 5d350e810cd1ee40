/// A tiny JSON writer with keys in the order given, for records people read (alerts, `--json`);
/// its `number` and `quote` are the number rule and string escaper every JSON writer here uses.
public struct JSONOut: Sendable {
    private var parts: [String] = []

    package init() {}

    /// Adds a string member.
    package mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        parts.append("\(Self.quote(key)):\(Self.quote(value))")
    }

    /// Adds a number member (omitted when nil or not finite).
    package mutating func add(_ key: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        parts.append("\(Self.quote(key)):\(Self.number(value))")
    }

    /// Adds a number member that is `null` when nil or not finite (a figure a `--json` document lists
    /// even when it is unknown).
    package mutating func add(_ key: String, orNull value: Double?) {
        parts.append("\(Self.quote(key)):\(value.map(Self.number) ?? "null")")
    }

    /// Adds an integer member.
    package mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return }
        parts.append("\(Self.quote(key)):\(value)")
    }

    /// Adds a boolean member.
    package mutating func add(_ key: String, _ value: Bool?) {
        guard let value else { return }
        parts.append("\(Self.quote(key)):\(value)")
    }

    /// Adds a member whose value is already JSON text.
    package mutating func addRaw(_ key: String, _ json: String) {
        parts.append("\(Self.quote(key)):\(json)")
    }

    /// The object as one line.
    package var text: String { "{" + parts.joined(separator: ",") + "}" }

    /// A JSON array of already-encoded values.
    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// A number as JSON, by the one number rule of every JSON coinwatch writes (records, state,
    /// rules.json edits): a whole value below 2^53 without a fraction (`100000`), any other in Swift's
    /// shortest round-trip form (`0.1`, `1e+300`); `null` when it is not finite.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return value.description
    }

    /// `number(value)` appended to `out`.
    public static func writeNumber(_ value: Double, into out: inout [UInt8]) {
        out.append(contentsOf: number(value).utf8)
    }

    /// A JSON string literal, by the one string escaper: `"` and `\` escaped, the control characters
    /// as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`; DEL, the C1 controls, the line and paragraph
    /// separators and the bidirectional formatting characters as `\uXXXX` too, so a provider's text
    /// cannot act on a terminal that shows the JSON (SPEC §3); everything else as it is (UTF-8).
    package static func quote(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        writeString(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quote(text)` appended to `out`.
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Printable ASCII with nothing to escape (ids, keys, a queued chart's base64) goes at once.
        var text = text
        let plain = text.withUTF8 { bytes in
            var at = 0
            while at + ByteBlock.width <= bytes.count {  // eight bytes at a time: a chart's base64 is 100+ KB
                let word = ByteBlock.load(bytes, at)
                guard ByteBlock.notPlainInString(word) | ByteBlock.equal(word, 0x7F) == 0 else { return false }
                at += ByteBlock.width
            }
            guard bytes[at...].allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20: writeUnicodeEscape(value, into: &out)
            case 0x20..<0x7F: out.append(UInt8(value))
            default:
                if TerminalText.isUnsafe(scalar) || TerminalText.isBreak(scalar) {
                    writeUnicodeEscape(value, into: &out)
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes `scalar` takes inside `quote`'s literal: 2 for `\"`, `\\` and `\n`-style escapes, 6 for
    /// `\uXXXX`, else its UTF-8 width. What a limit on the escaped JSON counts (a chat service's event or card);
    /// `JSONOutTests` checks it against `quote` itself.
    package static func escapedSize(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x08, 0x0C: return 2
        case 0..<0x20: return 6
        case 0x20..<0x7F: return 1
        default: return TerminalText.isUnsafe(scalar) || TerminalText.isBreak(scalar) ? 6 : UTF8.width(scalar)
        }
    }

    /// `\uXXXX` (lower-case hex) for a scalar of the Basic Multilingual Plane.
    private static func writeUnicodeEscape(_ value: UInt32, into out: inout [UInt8]) {
        out.append(contentsOf: [0x5C, UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)]) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
