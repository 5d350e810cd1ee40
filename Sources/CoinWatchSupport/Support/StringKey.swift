/// A `Codable` key that is any string: a state record's field name, or a key an object is indexed by
/// (a pair's `rule|coin`, a Bithumb symbol).
public struct StringKey: CodingKey {
    public var stringValue: String
    public var intValue: Int? { nil }
    @inlinable public init(_ name: String) { stringValue = name }
    @inlinable public init?(stringValue: String) { self.stringValue = stringValue }
    @inlinable public init?(intValue: Int) { nil }
}
