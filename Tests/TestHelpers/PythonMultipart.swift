import Foundation
import Testing

/// A multipart body read back by Python's email parser (`Tests/servers/multipart_parts.py`).
struct PythonMultipart {
    /// One part as the parser saw it.
    struct Part {
        var name: String?
        var filename: String?
        var type: String
        var disposition: String?
        var contentID: String?
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
    }

    var type: String
    var defects: [String]
    var parts: [Part]

    /// The part whose form name is `name`.
    subscript(name: String) -> Part? { parts.first { $0.name == name } }

    /// Parses `body` sent with `contentType` (nil: `body` is a whole mail with its headers).
    init(contentType: String?, body: [UInt8]) throws {
        let dir = try TempDir()
        try Data(body).write(to: URL(fileURLWithPath: dir.path + "/body"))
        if let contentType { try dir.write("type", contentType) }
        let script = Fixtures.root + "/Tests/servers/multipart_parts.py"
        let run = try Shell.run("python3", [script, contentType == nil ? "-" : dir.path + "/type", dir.path + "/body"])
        guard run.status == 0, let doc = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw ParseError(message: run.stderr)
        }
        type = doc["type"] as? String ?? ""
        defects = doc["defects"] as? [String] ?? ["no defects list"]
        parts = (doc["parts"] as? [[String: Any]] ?? []).map { part in
            Part(name: part["name"] as? String, filename: part["filename"] as? String, type: part["type"] as? String ?? "",
                 disposition: part["disposition"] as? String, contentID: part["content_id"] as? String,
                 payload: [UInt8](Data(base64Encoded: part["payload"] as? String ?? "") ?? Data()))
        }
    }

    struct ParseError: Error { var message: String }
}
