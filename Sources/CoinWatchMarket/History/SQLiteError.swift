/// A failed SQLite call, by what the caller can do about it.
package enum SQLiteError: Error, Sendable, Equatable {
    /// The file is not a database, or its pages are damaged (SQLITE_NOTADB, SQLITE_CORRUPT):
    /// move it aside and start over.
    case corrupt(path: String, message: String)
    /// The path is a symbolic link or not a regular file (`reason`: "a FIFO"), refused before SQLite opened it.
    case refused(path: String, reason: String)
    /// Another process held the database longer than the busy timeout (SQLITE_BUSY, SQLITE_LOCKED).
    case busy(path: String, message: String)
    /// Any other result code, with SQLite's message.
    case failed(path: String, code: Int32, message: String)

    /// One line naming the file and the cause.
    package var message: String {
        switch self {
        case .corrupt(let path, let message): return "\(path): not a usable SQLite database (\(message))"
        case .refused(let path, let reason): return "\(path) is \(reason), not opened"
        case .busy(let path, let message): return "\(path): locked by another coinwatch (\(message))"
        case .failed(let path, let code, let message): return "\(path): SQLite error \(code) (\(message))"
        }
    }
}
