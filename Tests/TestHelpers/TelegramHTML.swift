/// Telegram's `parse_mode: HTML` as the Bot API reads it (https://core.telegram.org/bots/api#html-style): the
/// text a user sees, or why the API would refuse it (400 `can't parse entities: …`). Only the supported tags may
/// appear; every other `<` must be written `&lt;`. Named entities: `&lt;`, `&gt;`, `&amp;`, `&quot;`; numeric ones too.
enum TelegramHTML {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let tags: Set<String> = ["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler",
                                    "a", "tg-emoji", "code", "pre", "blockquote"]

    /// The visible text of `html`, or the problem the API reports.
    static func plainText(_ html: String) -> Result<String, Problem> {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        var open: [String] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    return .failure(Problem(description: "Unclosed start tag at byte offset \(index)"))
                }
                let inside = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
                if inside.hasPrefix("/") {
                    let name = inside.dropFirst().lowercased()
                    guard open.last == name else {
                        return .failure(Problem(description: "Unmatched end tag at byte offset \(index), expected \"</\(open.last ?? "")>\", found \"</\(name)>\""))
                    }
                    open.removeLast()
                } else {
                    let name = String(inside.prefix { $0 != " " && $0 != "/" }).lowercased()
                    guard tags.contains(name) else {
                        return .failure(Problem(description: "Unsupported start tag \"\(name)\" at byte offset \(index)"))
                    }
                    open.append(name)
                }
                index = close + 1
            } else if byte == UInt8(ascii: "&"), let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) {
                let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
                let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""][name]
                let numeric = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                if let text = named ?? numeric.flatMap(Unicode.Scalar.init).map({ String(Character($0)) }) {
                    out += Array(text.utf8)
                    index = semicolon + 1
                } else {
                    out.append(byte)
                    index += 1
                }
            } else {
                out.append(byte)
                index += 1
            }
        }
        if let last = open.last {
            return .failure(Problem(description: "Can't find end tag corresponding to start tag \"\(last)\""))
        }
        return .success(String(decoding: out, as: UTF8.self))
    }
}
