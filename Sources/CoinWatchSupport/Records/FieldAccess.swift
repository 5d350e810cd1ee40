/// Reads and writes one field of a state record. A key path used directly costs a runtime
/// projection per use, and a state of 100,000 pairs makes millions of them on each save: a stored
/// property of a struct has a fixed place in it (`MemoryLayout.offset(of:)`, made for exactly this),
/// so its value is read and assigned there; a computed property (`PairState`'s packed fields) is
/// given by its accessors, called directly.
package struct FieldAccess<Record, Value> {
    /// The property's byte offset in `Record`, for a stored property.
    package let offset: Int?
    private let getter: (Record) -> Value
    private let setter: (inout Record, Value) -> Void

    /// The property at `path`: at its offset when it is stored, else through the key path.
    package init(_ path: WritableKeyPath<Record, Value>) {
        offset = MemoryLayout<Record>.offset(of: path)
        getter = { $0[keyPath: path] }
        setter = { $0[keyPath: path] = $1 }
    }

    /// A computed property by its accessors.
    package init(get: @escaping (Record) -> Value, set: @escaping (inout Record, Value) -> Void) {
        offset = nil
        getter = get
        setter = set
    }

    /// The value in `record`.
    package func get(_ record: Record) -> Value {
        guard let offset else { return getter(record) }
        return withUnsafePointer(to: record) { pointer in
            UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }

    /// Sets the value in `record`.
    package func set(_ record: inout Record, _ value: Value) {
        guard let offset else {
            setter(&record, value)
            return
        }
        withUnsafeMutablePointer(to: &record) { pointer in
            UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = value
        }
    }
}
