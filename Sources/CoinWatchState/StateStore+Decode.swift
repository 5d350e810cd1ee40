import CoinWatchSupport
import FoundationEssentials

extension StateStore {
    private struct VersionProbe: Decodable { var version: Int }

    /// The document in `bytes` (a state file's content), its numbers checked (`StateValidation`); refuses a
    /// version above `StateDocument.currentVersion` or below 1. Throws `StateError.unreadable` naming `path`.
    static func decode(_ bytes: [UInt8], path: String) throws(StateError) -> StateDocument {
        let doc = try decodeJSON(bytes, path: path)
        if let problem = StateValidation.firstProblem(in: doc) {
            throw .unreadable(path: path, detail: problem)
        }
        return doc
    }

    private static func decodeJSON(_ bytes: [UInt8], path: String) throws(StateError) -> StateDocument {
        // The byte reader reads the file it writes several times faster; whatever it cannot vouch
        // for is read the general way below, which also words every error.
        if let doc = StateDirectDecoder.decode(bytes) { return doc }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        do {
            let version = try decoder.decode(VersionProbe.self, from: data).version
            guard version <= StateDocument.currentVersion else {
                // Written by a newer coinwatch: `state reset` would throw its data away, an upgrade reads it.
                throw StateError.refused(path: path, detail: "version \(version) is newer than this coinwatch understands "
                    + "(\(StateDocument.currentVersion))", hint: "upgrade coinwatch to the version that wrote it; the file is kept as it is")
            }
            guard version >= 1 else {
                throw StateError.unreadable(path: path, detail: "version \(version) is not a state version")
            }
            return try decoder.decode(StateDocument.self, from: data)
        } catch let error as StateError {
            throw error
        } catch let error as DecodingError {
            throw .unreadable(path: path, detail: describe(error, in: bytes))
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
    }

    /// "not valid JSON at 3:14 (…)" with the line and column of the first syntax error; for valid JSON of the
    /// wrong shape, "2:14: outbox[0].sink: expected a string", at the value (or object) the error's path leads to.
    private static func describe(_ error: DecodingError, in bytes: [UInt8]) -> String {
        var node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            return "not valid JSON at \(error.line):\(error.column) (\(error.message))"
        }
        let codingPath: [any CodingKey]
        switch error {
        case .keyNotFound(_, let context), .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            codingPath = context.codingPath
        @unknown default:
            codingPath = []
        }
        if codingPath.isEmpty, case .typeMismatch = error { return "not a state document (expected a JSON object)" }
        for key in codingPath {
            let next = node.members != nil ? node[key.stringValue]
                : key.intValue.flatMap { index in node.elements.flatMap { index < $0.count ? $0[index] : nil } }
            guard let next else { break }
            node = next
        }
        return "\(node.line):\(node.column): " + DecodingErrorText.describe(error)
    }
}
