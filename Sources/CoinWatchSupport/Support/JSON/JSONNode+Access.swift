extension JSONNode {
    /// "a string", "a number" ... for messages such as "expected a number, got a string".
    package var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The members when this is an object, else nil.
    package var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements when this is an array, else nil.
    package var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text when this is a string, else nil.
    package var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The number when this is a number, else nil.
    package var numberValue: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The value when this is a boolean, else nil.
    package var boolValue: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The value of member `key` when this is an object that has it.
    package subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }
}
