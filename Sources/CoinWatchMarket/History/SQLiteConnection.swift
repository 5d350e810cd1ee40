import CoinWatchSupport
import CSQLite
import Glibc

/// One SQLite connection in WAL mode with a busy timeout and its prepared statements, reused and
/// finalized in `deinit`; not shared between threads.
final class SQLiteConnection {
    /// The database file.
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    private var closed = false

    /// Opens or creates the database at `path` in WAL mode, waiting up to `busyTimeout` seconds for a lock.
    /// Throws `SQLiteError.corrupt` for a file that is not a database, `.refused` for anything but a regular file.
    init(path: String, busyTimeout: Double) throws(SQLiteError) {
        self.path = path
        switch POSIXFile.refusal(at: path, followLinks: false) {
        case .symlink?: throw .refused(path: path, reason: "a symbolic link")
        case .notRegular(let kind)?: throw .refused(path: path, reason: kind)
        case .permissionDenied?, nil: break
        }
        var db: OpaquePointer?
        let code = cw_sqlite_open(path, &db)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw Self.error(code, message, path: path)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(max(0, min(busyTimeout, 3_600)) * 1000))
        // Switching a new file to WAL may answer SQLITE_BUSY at once, without the busy handler:
        // tried again every 10 ms until the busy timeout has passed.
        var waited = 0.0
        while true {
            do {
                try execute("PRAGMA journal_mode=WAL")
                break
            } catch {
                guard case .busy = error, waited < busyTimeout else { throw error }
                usleep(10_000)
                waited += 0.01
            }
        }
        try execute("PRAGMA synchronous=NORMAL")
    }

    deinit { close() }

    /// Finalizes the statements and closes the connection (before its file is moved aside); nothing
    /// may be run on it afterwards. Called again (by `deinit`), it does nothing.
    func close() {
        guard !closed else { return }
        closed = true
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (one or more statements, no parameters, rows ignored).
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        let text = message.map { String(cString: $0) } ?? ""
        sqlite3_free(message)
        try check(code, detail: text)
    }

    /// The prepared statement for `sql`, prepared once per connection (`with` resets it after each use).
    private func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var raw: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil))
        guard let raw else { throw .failed(path: path, code: SQLITE_MISUSE, message: "empty statement") }
        let statement = SQLiteStatement(raw, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` with the prepared statement for `sql` and `values` bound, then resets it so no stale
    /// read snapshot makes the next write fail at once with SQLITE_BUSY.
    func with<T>(_ sql: String, _ values: [any SQLiteValue] = [],
                 body: (SQLiteStatement) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try body(statement)
    }

    /// Runs the statement `sql` with `values` bound to its end, ignoring rows.
    func run(_ sql: String, _ values: [any SQLiteValue]) throws(SQLiteError) {
        try with(sql, values) { (statement) throws(SQLiteError) in try statement.run() }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction (the write lock taken at once, so the busy
    /// timeout applies up front), committed when it returns and rolled back when it throws.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Throws the typed error for a result code other than OK, ROW or DONE.
    func check(_ code: Int32, detail: String = "") throws(SQLiteError) {
        switch code & 0xFF {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default:
            let message = detail.isEmpty ? String(cString: sqlite3_errmsg(handle)) : detail
            throw Self.error(code, message, path: path)
        }
    }

    private static func error(_ code: Int32, _ message: String, path: String) -> SQLiteError {
        switch code & 0xFF {
        case SQLITE_NOTADB, SQLITE_CORRUPT: return .corrupt(path: path, message: message)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path, message: message)
        default: return .failed(path: path, code: code, message: message)
        }
    }
}
