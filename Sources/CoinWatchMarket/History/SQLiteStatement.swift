import CSQLite

/// A prepared statement of one `SQLiteConnection`, finalized in `deinit`; parameters are 1-based,
/// columns 0-based.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Rewinds the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds an integer to parameter `index`.
    func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
        try connection.check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a double, or NULL for nil, to parameter `index`.
    func bind(_ index: Int32, _ value: Double?) throws(SQLiteError) {
        try connection.check(value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    /// Binds text (copied) to parameter `index`.
    func bind(_ index: Int32, _ value: String) throws(SQLiteError) {
        let count = Int32(value.utf8.count)
        try connection.check(cw_sqlite_bind_text(handle, index, value, count))
    }

    /// Binds bytes (copied) to parameter `index`.
    func bind(_ index: Int32, blob: [UInt8]) throws(SQLiteError) {
        let code = blob.withUnsafeBytes { cw_sqlite_bind_blob(handle, index, $0.baseAddress, Int32($0.count)) }
        try connection.check(code)
    }

    /// Advances one step: true when a row is ready, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code & 0xFF {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            defer { sqlite3_reset(handle) }
            try connection.check(code)
            return false
        }
    }

    /// Runs the statement to its end, ignoring rows.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Column `index` of the current row as an integer.
    func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` of the current row as a double.
    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Calls `body` with the bytes of blob column `index` of the current row (empty for NULL).
    func withBlob<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Column `index` of the current row as text ("" when NULL).
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: bytes)
    }
}
