#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns the bytes of a state file into a document, or a one-line reason it cannot.
enum StateDecoding {
    private struct VersionProbe: Decodable { var version: Int }

    /// Decodes `bytes`; refuses a version above `StateDocument.currentVersion` or below 1.
    static func decode(_ bytes: [UInt8], path: String) throws(StateError) -> StateDocument {
        // The byte reader reads the file it writes several times faster; whatever it cannot vouch
        // for is read the general way below, which also words every error.
        if let doc = StateReader.decode(bytes) { return doc }
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
            throw .unreadable(path: path, detail: syntaxError(in: bytes) ?? describe(error))
        } catch {
            throw .unreadable(path: path, detail: "\(error)")
        }
    }

    /// "not valid JSON at 3:14 (…)" with the line and column of the first syntax error, nil when the
    /// bytes are valid JSON (the problem is then the document's shape).
    static func syntaxError(in bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return "not valid JSON at \(error.line):\(error.column) (\(error.message))"
        }
    }

    /// "`pairs.x.firing`: expected Bool" style text for a decoding error.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "`\(path(context.codingPath))`: invalid value"
        case .keyNotFound(let key, let context):
            return "missing `\(path(context.codingPath + [key]))`"
        case .typeMismatch(let type, let context):
            return context.codingPath.isEmpty
                ? "not a state document (expected a JSON object)"
                : "`\(path(context.codingPath))`: expected \(type)"
        case .valueNotFound(let type, let context):
            return "`\(path(context.codingPath))`: expected \(type), found null"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
