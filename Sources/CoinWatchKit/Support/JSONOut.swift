/// A tiny JSON writer with keys in the order given, for records people read (alerts, `--json`).
public struct JSONOut: Sendable {
    private var parts: [String] = []

    public init() {}

    /// Adds a string member.
    public mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        parts.append("\(Self.quote(key)):\(Self.quote(value))")
    }

    /// Adds a number member (omitted when nil or not finite).
    public mutating func add(_ key: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        parts.append("\(Self.quote(key)):\(Self.number(value))")
    }

    /// Adds an integer member.
    public mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return }
        parts.append("\(Self.quote(key)):\(value)")
    }

    /// Adds a boolean member.
    public mutating func add(_ key: String, _ value: Bool?) {
        guard let value else { return }
        parts.append("\(Self.quote(key)):\(value)")
    }

    /// Adds a member whose value is already JSON text.
    public mutating func addRaw(_ key: String, _ json: String) {
        parts.append("\(Self.quote(key)):\(json)")
    }

    /// The object as one line.
    public var text: String { "{" + parts.joined(separator: ",") + "}" }

    /// A JSON array of already-encoded values.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// A number as JSON: integral values without ".0", others in Swift's shortest form.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal with the escapes RFC 8259 requires; DEL, the C1 controls, the line and
    /// paragraph separators and the bidirectional formatting characters are escaped too, so a provider's
    /// text cannot act on a terminal that shows the JSON (SPEC §3).
    public static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || (c.value >= 0x7F && (TerminalText.isUnsafe(c) || TerminalText.isBreak(c))):
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
