import Foundation

extension LoopbackServer {
    /// Serves the files under `directory` by request path (`/a/b.json` → `directory/a/b.json`), 404 otherwise.
    static func files(in directory: String) -> Handler {
        { request in
            let path = RecordedRequest.percentDecoded(request.path)
            let parts = path.split(separator: "/")
            guard !parts.contains(".."), let data = FileManager.default.contents(atPath: directory + "/" + parts.joined(separator: "/")) else {
                return .notFound
            }
            return .bytes(Array(data), contentType: contentType(of: path))
        }
    }

    /// Starts a server for the files under `directory`.
    static func serving(directory: String) throws -> LoopbackServer {
        try LoopbackServer(handler: files(in: directory))
    }

    private static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) {
        case "json": "application/json"
        case "html": "text/html; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
