import Foundation

/// One Bot API call as `TelegramBotServer` received it: the method and its parameters, from the query string, a
/// form, a JSON object or a multipart body (files apart).
struct TelegramCall: Sendable {
    /// A file part of a multipart body (`sendPhoto`'s `photo`).
    struct File: Sendable, Equatable {
        var filename: String
        var contentType: String?
        var bytes: [UInt8]
    }

    /// The method as named in the path (`sendMessage`).
    var method: String
    /// Every parameter as text; a JSON body's non-string values as JSON text (`"reply_markup": "{…}"`, `"chat_id": "42"`).
    var parameters: [String: String]
    /// Multipart file parts by field name.
    var files: [String: File]
    /// The request itself.
    var request: RecordedRequest

    /// The parameters of `request` for `method`; nil when its body cannot be read (a broken multipart body, a JSON
    /// body that is not an object).
    init?(method: String, request: RecordedRequest) {
        self.method = method
        self.request = request
        var parameters = Self.form(request.query ?? "")
        var files: [String: File] = [:]
        let type = request.header("Content-Type")?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else { return nil }
            for (key, value) in object {
                if let text = value as? String {
                    parameters[key] = text
                } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) {
                    parameters[key] = String(decoding: data, as: UTF8.self)
                }
            }
        } else if type.hasPrefix("multipart/form-data") {
            guard let boundary = Self.boundary(in: request.header("Content-Type") ?? ""),
                  let parts = Self.parts(of: request.body, boundary: boundary) else { return nil }
            for part in parts {
                if let filename = part.filename {
                    files[part.name] = File(filename: filename, contentType: part.contentType, bytes: part.bytes)
                } else {
                    parameters[part.name] = String(decoding: part.bytes, as: UTF8.self)
                }
            }
        } else if !request.body.isEmpty {
            parameters.merge(Self.form(request.bodyText)) { _, body in body }
        }
        self.parameters = parameters
        self.files = files
    }

    /// `a=1&b=two` decoded (`+` as a space).
    private static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields[RecordedRequest.percentDecoded(String(parts[0]))] = parts.count > 1 ? RecordedRequest.percentDecoded(String(parts[1])) : ""
        }
        return fields
    }

    private static func boundary(in contentType: String) -> String? {
        for item in contentType.split(separator: ";") {
            let field = item.trimmingCharacters(in: .whitespaces)
            if field.lowercased().hasPrefix("boundary=") {
                return String(field.dropFirst(9)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    private struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var bytes: [UInt8]
    }

    /// The parts between `--boundary` lines (RFC 7578); nil when the body is not framed that way.
    private static func parts(of body: [UInt8], boundary: String) -> [Part]? {
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [Part] = []
        var rest = body[...]
        guard let first = rest.firstRange(of: delimiter) else { return nil }
        rest = rest[first.upperBound...]
        let lineBreak = Array("\r\n".utf8), blank = Array("\r\n\r\n".utf8)
        while rest.starts(with: lineBreak) {
            rest = rest.dropFirst(2)
            guard let headEnd = rest.firstRange(of: blank), let end = rest.firstRange(of: Array("\r\n--\(boundary)".utf8)) else {
                return nil
            }
            let head = String(decoding: rest[..<headEnd.lowerBound], as: UTF8.self)
            var part = Part(name: "", bytes: Array(rest[headEnd.upperBound..<end.lowerBound]))
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-type:") {
                    part.contentType = line.dropFirst(13).trimmingCharacters(in: .whitespaces)
                } else if lower.hasPrefix("content-disposition:") {
                    part.name = field("name", in: line) ?? ""
                    part.filename = field("filename", in: line)
                }
            }
            parts.append(part)
            rest = rest[end.upperBound...]
        }
        return rest.starts(with: Array("--".utf8)) ? parts : nil
    }

    /// `name="value"` in a Content-Disposition line.
    private static func field(_ name: String, in line: String) -> String? {
        for item in line.split(separator: ";") {
            let field = item.trimmingCharacters(in: .whitespaces)
            if field.hasPrefix(name + "=") {
                return String(field.dropFirst(name.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
