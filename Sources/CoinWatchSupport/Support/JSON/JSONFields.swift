/// The members of an object a validator accepted, looked up by key. An object in rules.json has a
/// handful of members, so a scan beats hashing every key into a dictionary; a repeated key is
/// refused by the parser, so a key is here at most once.
package struct JSONFields: Sendable {
    private var members: [JSONNode.Member] = []

    /// No members.
    package init() {}

    /// Every member of an object (its array shared, not copied).
    package init(_ members: [JSONNode.Member]) { self.members = members }

    /// The value of `key`, nil when the object has no such member.
    package subscript(key: String) -> JSONNode? {
        let count = key.utf8.count
        for member in members where member.key.utf8.count == count && member.key == key { return member.value }
        return nil
    }

    /// Whether some member's key is none of `keys`.
    package func hasMember(otherThan keys: [String]) -> Bool {
        members.contains { member in !keys.contains(member.key) }
    }

    package mutating func append(_ member: JSONNode.Member) { members.append(member) }
}
