#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CoinGecko {
    /// The message of CoinGecko's error envelope (`{"error":"…"}` or
    /// `{"status":{"error_code":429,"error_message":"…"}}`), or nil when `body` is not one.
    public static func errorMessage(in body: [UInt8]) -> String? {
        let bytes = Lenient.withoutBOM(body)
        guard JSONBody.starts(bytes, as: .object),
              let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: Data(bytes)) else { return nil }
        return envelope.message
    }
}

/// The shapes CoinGecko answers errors in; a success body decodes to an envelope with no message.
private struct ErrorEnvelope: Decodable {
    struct Status: Decodable {
        var code: LenientNumber?
        var message: String?

        enum CodingKeys: String, CodingKey {
            case code = "error_code", message = "error_message"
        }

        var text: String? {
            if let message, !message.isEmpty { return message }
            return code?.value.flatMap { Int(exactly: $0) }.map { "error code \($0)" }
        }
    }

    enum CodingKeys: String, CodingKey { case error, status }

    /// The first readable message among `error`, `status` and `error.status`.
    var message: String?

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? c.decode(String.self, forKey: .error), !text.isEmpty {
            message = text
        } else if let status = try? c.decode(Status.self, forKey: .status), let text = status.text {
            message = text
        } else if let nested = try? c.nestedContainer(keyedBy: CodingKeys.self, forKey: .error),
                  let status = try? nested.decode(Status.self, forKey: .status) {
            message = status.text
        } else {
            message = nil
        }
        message = message.map(Self.oneLine)
    }

    /// `text` on one line, at most 300 characters.
    private static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 300 ? String(flat.prefix(299)) + "…" : flat
    }
}
