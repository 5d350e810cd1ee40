import CoinWatchSupport
import FoundationEssentials

/// Decodes a provider's response body and says in one line what was wrong when it cannot.
package enum JSONBody {
    /// The top-level JSON value a decoder expects.
    package enum Shape: Sendable {
        /// A top-level `[…]` or `{…}`.
        case array, object

        var phrase: String { self == .array ? "a JSON array" : "a JSON object" }
    }

    /// Decodes `body` (a UTF-8 BOM is skipped) as `type`.
    /// Throws `ProviderError.decoding(provider:detail:)` naming the shape or the field at fault.
    package static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], expecting shape: Shape,
                                            provider: String) throws -> T {
        let bytes = APIText.withoutBOM(body)
        guard starts(bytes, as: shape) else {
            throw ProviderError.decoding(provider: provider, detail: "expected \(shape.phrase), got \(kind(of: bytes))")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ProviderError.decoding(provider: provider, detail: DecodingErrorText.describe(error))
        } catch {
            throw ProviderError.decoding(provider: provider, detail: "\(error)")
        }
    }

    /// Decodes `body` as `type` after checking it for the API's error envelope (`APIErrorEnvelope`).
    /// Throws `ProviderError.api` with the API's message, or `ProviderError.decoding` as `decode` does.
    package static func decodeAnswer<T: Decodable>(_ type: T.Type, from body: [UInt8], expecting shape: Shape,
                                                  provider: String) throws -> T {
        if let message = APIErrorEnvelope.message(in: body) {
            throw ProviderError.api(provider: provider, message: message)
        }
        return try decode(T.self, from: body, expecting: shape, provider: provider)
    }

    /// The elements of a top-level array, or the one element of a top-level object (APIs whose
    /// single-item endpoint answers the object alone), after the error-envelope check of `decodeAnswer`.
    package static func decodeOneOrMany<T: Decodable>(_ type: T.Type, from body: [UInt8], provider: String) throws -> [T] {
        if starts(body, as: .object) {
            return [try decodeAnswer(T.self, from: body, expecting: .object, provider: provider)]
        }
        return try decodeAnswer([T].self, from: body, expecting: .array, provider: provider)
    }

    /// The items of every body, decoded by `decodeOne`, in order; a decoding error of one of several
    /// bodies says which (`response 2 of 3: …`). Throws what `decodeOne` throws.
    package static func decodeEach<Item>(_ bodies: [[UInt8]],
                                        _ decodeOne: ([UInt8]) throws -> [Item]) throws -> [Item] {
        var parts: [[Item]] = []
        parts.reserveCapacity(bodies.count)
        for (index, body) in bodies.enumerated() {
            do {
                parts.append(try decodeOne(body))
            } catch ProviderError.decoding(let provider, let detail) where bodies.count > 1 {
                throw ProviderError.decoding(provider: provider, detail: "response \(index + 1) of \(bodies.count): \(detail)")
            }
        }
        guard parts.count > 1 else { return parts.first ?? [] }
        // Joined at their exact total (growing by doubling left up to twice the room; items are
        // large), each part let go of once copied, so the parts and the whole are not held at once.
        var items: [Item] = []
        items.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for index in parts.indices {
            items += parts[index]
            parts[index] = []
        }
        return items
    }

    /// Whether the first significant byte of `body` (after any BOM and white space) opens `shape`.
    package static func starts(_ body: [UInt8], as shape: Shape) -> Bool {
        let first = APIText.withoutBOM(body).first(where: { !JSONTokenizer.isSpace($0) })
        return first == UInt8(ascii: shape == .array ? "[" : "{")
    }

    /// What the body holds at the top level, in words (`a JSON object`, `HTML`, `an empty body`).
    package static func kind(of body: [UInt8]) -> String {
        let bytes = APIText.withoutBOM(body)
        guard let first = bytes.first(where: { !JSONTokenizer.isSpace($0) }) else {
            return bytes.isEmpty ? "an empty body" : "a blank body"
        }
        switch first {
        case UInt8(ascii: "["): return "a JSON array"
        case UInt8(ascii: "{"): return "a JSON object"
        case UInt8(ascii: "\""): return "a JSON string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a JSON number"
        case UInt8(ascii: "<"): return "HTML or XML (\(snippet(bytes)))"
        default: return "text that is not JSON (\(snippet(bytes)))"
        }
    }

    private static func snippet(_ bytes: [UInt8]) -> String {
        let head = String(decoding: bytes.prefix(60), as: UTF8.self)
        let oneLine = head.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return "starts with \"\(oneLine)\""
    }
}

/// The error bodies every price API answers with (`{"error":"…"}`, `{"code":-1121,"msg":"…"}`, Bithumb's
/// `{"status":"5600","message":"…"}` with HTTP 200…), read by one decoder.
package enum APIErrorEnvelope {
    /// The one-line message of the error envelope in `body` (at most 300 characters, `\u` escapes decoded),
    /// or nil when `body` is not one.
    package static func message(in body: [UInt8]) -> String? {
        let bytes = APIText.withoutBOM(body)
        guard JSONBody.starts(bytes, as: .object),
              let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(bytes)) else { return nil }
        return envelope.message.map(oneLine)
    }

    /// `text` on one line, at most 300 characters.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 300 ? String(flat.prefix(299)) + "…" : flat
    }
}

/// Every key an error envelope may carry; `message` is the first readable one.
private struct Envelope: Decodable {
    enum CodingKeys: String, CodingKey {
        case error, status, message, code, msg, name
        case errorCode = "error_code", errorMessage = "error_message"
    }

    var message: String?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        message = Self.errorField(c) ?? Self.statusField(c) ?? Self.codeAndMsg(c)
    }

    /// `error` as a string, or as an object with `message`/`name` (Upbit) or a CoinGecko `status`.
    private static func errorField(_ c: KeyedDecodingContainer<CodingKeys>) -> String? {
        if let text = try? c.decode(String.self, forKey: .error), !text.isEmpty { return text }
        guard let nested = try? c.nestedContainer(keyedBy: CodingKeys.self, forKey: .error) else { return nil }
        if let text = try? nested.decode(String.self, forKey: .message), !text.isEmpty {
            return withCode(text, label: "", code: field(nested, .name))
        }
        return statusField(nested)
    }

    /// CoinGecko's `status` object, or Bithumb's `status` code other than "0000" with its `message`.
    private static func statusField(_ c: KeyedDecodingContainer<CodingKeys>) -> String? {
        if let status = try? c.nestedContainer(keyedBy: CodingKeys.self, forKey: .status) {
            if let text = try? status.decode(String.self, forKey: .errorMessage), !text.isEmpty { return text }
            return field(status, .errorCode).map { "error code \($0)" }
        }
        guard let code = try? c.decode(String.self, forKey: .status), code != "0000" else { return nil }
        let text = (try? c.decode(String.self, forKey: .message)).flatMap { $0.isEmpty ? nil : $0 }
        return withCode(text ?? "request refused", label: "status ", code: code)
    }

    /// Binance's `code` and `msg`.
    private static func codeAndMsg(_ c: KeyedDecodingContainer<CodingKeys>) -> String? {
        guard let text = try? c.decode(String.self, forKey: .msg) else { return nil }
        return withCode(text.isEmpty ? "request refused" : text, label: "code ", code: field(c, .code))
    }

    /// A string or whole-number field as text.
    private static func field(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
        if let text = try? c.decode(String.self, forKey: key), !text.isEmpty { return text }
        return (try? c.decode(NumberOrString.self, forKey: key))?.value.flatMap { Int(exactly: $0) }.map(String.init)
    }

    private static func withCode(_ text: String, label: String, code: String?) -> String {
        guard let code, !code.isEmpty else { return text }
        return "\(text) (\(label)\(code))"
    }
}
