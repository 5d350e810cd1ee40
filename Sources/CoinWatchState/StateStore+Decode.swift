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
                throw StateError.unreadable(path: path, detail: "version \(version) is newer than this "
                    + "coinwatch understands (\(StateDocument.currentVersion))")
            }
            guard version >= 1 else {
                throw StateError.unreadable(path: path, detail: "version \(version) is not a state version")
            }
            return try decoder.decode(StateDocument.self, from: data)
        } catch let error as StateError {
            throw error
        } catch let error as DecodingError {
            if let syntax = syntaxError(in: bytes) { throw .unreadable(path: path, detail: syntax) }
            if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty {
                throw .unreadable(path: path, detail: "not a state document (expected a JSON object)")
            }
            throw .unreadable(path: path, detail: DecodingErrorText.describe(error))
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
    }

    /// "not valid JSON at 3:14 (…)" with the line and column of the first syntax error, nil when the
    /// bytes are valid JSON (the problem is then the document's shape).
    private static func syntaxError(in bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return "not valid JSON at \(error.line):\(error.column) (\(error.message))"
        }
    }
}
