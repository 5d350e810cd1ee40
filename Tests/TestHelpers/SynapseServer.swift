import CoinWatchSupport
import CoinWatchTransport
import Foundation
import Glibc

/// A real Matrix homeserver on 127.0.0.1 (`Tests/servers/synapse_server.py`: Synapse from PyPI, installed into
/// `.build/test-python` on first use) with registered users and a room they have all joined; stopped when released.
///
/// Synapse takes seconds to start (Python imports, the sqlite schema), so start one per suite, not per test: keep
/// it in a `static let`, and give each test a room of its own with `makeRoom()`. A server a `static let` holds
/// stops when the test process ends (the script watches its stdin; Synapse dies with the script).
final class SynapseServer: @unchecked Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { output }
    }

    /// A registered user: `@name:localhost` and an access token for the client API.
    struct User: Sendable, Equatable {
        var name: String
        var id: String
        var token: String
    }

    /// One room event as `/rooms/{room}/messages` returns it.
    struct Event: Sendable {
        var id: String
        var type: String
        var sender: String
        /// The event's `content` (for a message: `msgtype`, `body`, and for `m.image` `url`, `info`).
        var content: JSONNode
        /// `content.msgtype`, `content.body`.
        var msgtype: String? { content["msgtype"]?.stringValue }
        var body: String? { content["body"]?.stringValue }
    }

    /// The homeserver root, `http://127.0.0.1:<port>`: a matrix sink's `url`.
    let url: String
    /// The room every user joined at start.
    let room: String
    /// The users, in the order given.
    let users: [User]
    /// Where the config, the sqlite database, the media and `synapse.log` live.
    let folder: String
    private let process: Process
    private let input: Pipe
    private let transport = CurlTransport()

    /// Starts Synapse and registers `users` (at least one; the first creates the room), refusing uploads over
    /// `maxUploadSize` (Synapse's `max_upload_size`, e.g. `"1K"`; its default when nil). Takes a few seconds.
    init(users names: [String] = ["coinwatch", "alice"], maxUploadSize: String? = nil) throws {
        let python = try Self.python.get()
        folder = NSTemporaryDirectory() + "synapse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Fixtures.root + "/Tests/servers/synapse_server.py", folder] + names
        if let maxUploadSize {
            process.environment = ProcessInfo.processInfo.environment.merging(["SYNAPSE_MAX_UPLOAD_SIZE": maxUploadSize]) { $1 }
        }
        let output = Pipe()
        input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = TLSServer.read(output.fileHandleForReading, within: 120) { text in
            text.firstIndex(of: "\n").map { String(text[..<$0]) }
        }
        guard let line, let json = try? JSONParser.parse(Array(line.utf8)),
              let url = json["url"]?.stringValue, let room = json["room"]?.stringValue,
              let users = json["users"]?.elements else {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let log = (try? String(contentsOfFile: folder + "/synapse.log", encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: folder)
            throw StartFailure(output: "synapse did not start: \(line ?? "no answer within 120 s")\n\(log.suffix(2000))")
        }
        self.url = url
        self.room = room
        self.users = users.compactMap { user in
            guard let name = user["name"]?.stringValue, let id = user["user_id"]?.stringValue,
                  let token = user["access_token"]?.stringValue else { return nil }
            return User(name: name, id: id, token: token)
        }
    }

    deinit {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The user registered as `name`.
    func user(_ name: String) throws -> User {
        guard let user = users.first(where: { $0.name == name }) else { throw StartFailure(output: "no user \(name)") }
        return user
    }

    /// The user registered as `name`, or the first one when nil.
    private func reader(_ name: String?) throws -> User {
        if let name { return try user(name) }
        guard let first = users.first else { throw StartFailure(output: "no users") }
        return first
    }

    /// A fresh room the first user creates and every other user joins, so a test sees only its own messages.
    func makeRoom() throws -> String {
        guard let owner = users.first else { throw StartFailure(output: "no users") }
        let created = try call("POST", "/_matrix/client/v3/createRoom", body: #"{"preset": "public_chat"}"#, as: owner)
        guard let room = created["room_id"]?.stringValue else { throw StartFailure(output: "createRoom: no room_id") }
        for user in users.dropFirst() {
            _ = try call("POST", "/_matrix/client/v3/rooms/\(Self.escape(room))/join", body: "{}", as: user)
        }
        return room
    }

    /// The room's `m.room.message` events (`room` by default), oldest first, as `name` reads them (the last 100).
    func messages(in room: String? = nil, as name: String? = nil) throws -> [Event] {
        let reader = try reader(name)
        let answer = try call("GET", "/_matrix/client/v3/rooms/\(Self.escape(room ?? self.room))/messages?dir=b&limit=100",
                              as: reader)
        let events = (answer["chunk"]?.elements ?? []).compactMap { event -> Event? in
            guard let id = event["event_id"]?.stringValue, let type = event["type"]?.stringValue,
                  let sender = event["sender"]?.stringValue, let content = event["content"] else { return nil }
            return Event(id: id, type: type, sender: sender, content: content)
        }
        return events.filter { $0.type == "m.room.message" }.reversed()
    }

    /// Sends `text` as an `m.text` message from `name` to `room` (the shared room by default), or when `encrypted` as the
    /// `m.room.encrypted` event an end-to-end encrypting client sends (`text` stands for its Megolm ciphertext); returns the event id.
    @discardableResult
    func send(_ text: String, as name: String, in room: String? = nil, encrypted: Bool = false) throws -> String {
        let content: [String: String] = encrypted
            ? ["algorithm": "m.megolm.v1.aes-sha2", "ciphertext": text, "sender_key": "c2VuZGVy", "session_id": "c2Vzc2lvbg", "device_id": "DEVICE"]
            : ["msgtype": "m.text", "body": text]
        let body = String(decoding: try JSONSerialization.data(withJSONObject: content), as: UTF8.self)
        let type = encrypted ? "m.room.encrypted" : "m.room.message"
        let answer = try call("PUT", "/_matrix/client/v3/rooms/\(Self.escape(room ?? self.room))/send/\(type)/\(UUID().uuidString)",
                              body: body, as: try user(name))
        guard let id = answer["event_id"]?.stringValue else { throw StartFailure(output: "send: no event_id") }
        return id
    }

    /// Sets `name`'s display name (in every room it joins after).
    func setDisplayName(_ displayName: String, of name: String) throws {
        let user = try user(name)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["displayname": displayName]), as: UTF8.self)
        _ = try call("PUT", "/_matrix/client/v3/profile/\(Self.escape(user.id))/displayname", body: body, as: user)
    }

    /// The bodies of the events that highlight `name` (a mention of them or of the room), as its `/notifications` lists them.
    func highlights(of name: String) throws -> [String] {
        let answer = try call("GET", "/_matrix/client/v3/notifications?only=highlight", as: try user(name))
        return (answer["notifications"]?.elements ?? []).compactMap { $0["event"]?["content"]?["body"]?.stringValue }
    }

    /// The bytes of an uploaded file (`mxc://localhost/<id>`, an `m.image`'s `url`), through the authenticated media API.
    func download(_ mxc: String, as name: String? = nil) throws -> [UInt8] {
        guard mxc.hasPrefix("mxc://") else { throw StartFailure(output: "not an mxc URL: \(mxc)") }
        let response = try request("GET", "/_matrix/client/v1/media/download/" + mxc.dropFirst(6), body: nil,
                                   as: try reader(name))
        return response.body
    }

    /// Uploads `bytes` as `name` (the first user by default) through the media API; returns its `mxc://` URL.
    func upload(_ bytes: [UInt8], contentType: String, as name: String? = nil) throws -> String {
        let response = try request("POST", "/_matrix/media/v3/upload", body: bytes, contentType: contentType, as: try reader(name))
        guard let url = try JSONParser.parse(response.body)["content_uri"]?.stringValue else {
            throw StartFailure(output: "upload: no content_uri")
        }
        return url
    }

    /// One client-API call; its JSON answer, or a `StartFailure` with the status and body.
    private func call(_ method: String, _ path: String, body: String? = nil, as user: User) throws -> JSONNode {
        let response = try request(method, path, body: body.map { Array($0.utf8) }, contentType: "application/json", as: user)
        return try JSONParser.parse(response.body)
    }

    private func request(_ method: String, _ path: String, body: [UInt8]?, contentType: String = "application/json",
                         as user: User) throws -> HTTPResponse {
        var headers = [HTTPHeader("Authorization", "Bearer " + user.token)]
        if body != nil { headers.append(HTTPHeader("Content-Type", contentType)) }
        let request = HTTPRequest(url: url + path, method: method, headers: headers, body: body)
        guard let result = transport.perform([request]).first else { throw StartFailure(output: "no answer") }
        let response = try result.get()
        guard response.status == 200 else {
            throw StartFailure(output: "\(method) \(path): HTTP \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response
    }

    /// A room id as a path segment (`!` and `:` percent-encoded).
    private static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? segment
    }

    /// The python that has Synapse: the venv under `.build/test-python` (`make test-python`), made and
    /// `matrix-synapse` installed from PyPI once when missing. find_spec looks for the package without
    /// importing it (an import takes most of a second).
    static let python = TestVenv.python(installed: "import importlib.util, sys; sys.exit(importlib.util.find_spec('synapse') is None)",
                                        package: "matrix-synapse").mapError { StartFailure(output: $0.reason) }
}
