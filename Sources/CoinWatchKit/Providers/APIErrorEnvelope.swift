#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The error bodies the price APIs answer with, read by one decoder:
/// CoinGecko and CoinPaprika `{"error":"…"}`, CoinGecko `{"status":{"error_code":429,"error_message":"…"}}`,
/// Upbit `{"error":{"name":"404","message":"…"}}`, Bithumb `{"status":"5600","message":"…"}` (any status
/// but "0000", sent with HTTP 200) and Binance `{"code":-1121,"msg":"…"}`. A success body has no message.
public enum APIErrorEnvelope {
    /// The one-line message of the error envelope in `body` (at most 300 characters, `\u` escapes decoded),
    /// or nil when `body` is not one.
    public static func message(in body: [UInt8]) -> String? {
        let bytes = Lenient.withoutBOM(body)
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
        return (try? c.decode(LenientNumber.self, forKey: key))?.value.flatMap { Int(exactly: $0) }.map(String.init)
    }

    private static func withCode(_ text: String, label: String, code: String?) -> String {
        guard let code, !code.isEmpty else { return text }
        return "\(text) (\(label)\(code))"
    }
}
