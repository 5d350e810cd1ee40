import CoinWatchSupport
import FoundationEssentials

/// A number that may arrive as a JSON number, a numeric string (`"0.00000000"`, `"3.2014e-8"`) or null.
package struct NumberOrString: Decodable, Sendable, Equatable {
    /// The number, or nil when the field was null or an empty string.
    package var value: Double?

    /// Decodes a number, a decimal string or null; throws `DecodingError.dataCorrupted` for anything else.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            if text.isEmpty {
                value = nil
                return
            }
            guard let number = APIText.number(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a number, got the string \"\(text.prefix(40))\"")
            }
            value = number
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a number or a numeric string")
        }
    }
}

/// An ISO-8601 instant with `Z` or an offset (`2021-05-15T16:00:12.345Z`), as `DateTimeParser` reads it, or null.
package struct ISO8601Date: Decodable, Sendable, Equatable {
    /// The instant, or nil when the field was null or empty.
    package var value: Date?

    /// Decodes an ISO-8601 string or null; throws `DecodingError.dataCorrupted` for anything else.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
            return
        }
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO-8601 date string")
        }
        if text.isEmpty {
            value = nil
        } else if let date = DateTimeParser.parse(text, unzoned: .refused) {
            value = date
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an ISO-8601 date, got \"\(text.prefix(40))\"")
        }
    }
}

/// Parsing helpers shared by the provider decoders.
package enum APIText {
    /// The number a decimal string spells (`"163248000.00000000"`, `"-1.5"`, `"3.2014e-8"`); nil for
    /// anything else, including an empty string, hex, `nan`, `inf` and surrounding spaces.
    package static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy(isDecimalByte) else { return nil }
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// The body without a leading UTF-8 byte-order mark.
    package static func withoutBOM(_ body: [UInt8]) -> [UInt8] {
        body.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(body.dropFirst(3)) : body
    }

    private static func isDecimalByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }
}

extension KeyedDecodingContainer {
    /// A lenient number for `key`; nil when the key is missing or null.
    func numberOrString(_ key: Key) throws -> Double? {
        try decodeIfPresent(NumberOrString.self, forKey: key)?.value
    }

    /// A lenient whole number for `key`; nil when missing, null or not integral.
    func intOrString(_ key: Key) throws -> Int? {
        guard let number = try numberOrString(key), let whole = Int(exactly: number) else { return nil }
        return whole
    }

    /// A lenient ISO-8601 date for `key`; nil when the key is missing or null.
    func iso8601Date(_ key: Key) throws -> Date? {
        try decodeIfPresent(ISO8601Date.self, forKey: key)?.value
    }
}

extension JSONTokenizer {
    /// A JSON number or a string holding one by `APIText.number`'s rule (`"0.33993000"`); nil otherwise,
    /// the value consumed either way when it is well-formed.
    mutating func numberOrString() -> Double? {
        if next() == UInt8(ascii: "\"") {
            guard let text = plainString() else { return nil }
            return APIText.number(text)
        }
        if takeNull() { return nil }
        return number()
    }
}
