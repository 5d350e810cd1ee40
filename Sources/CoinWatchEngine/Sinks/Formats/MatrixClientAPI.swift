import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import FoundationEssentials

/// The Matrix client-server API as the chat side uses it (SPEC §13): `/sync` filtered to the sink's room, `whoami` (the
/// bot's own answers are not commands) and the room send, whose transaction id is the answer's key.
package struct MatrixClientAPI: ControlTransport {
    var sink: String
    var config: WebhookConfig
    /// The bot's own user id, asked once (`whoami`), so its own answers are not read as commands.
    var me: String?
    /// Whether stderr has been told that the room is end-to-end encrypted (said once: its commands cannot be read).
    var toldEncrypted = false

    /// The sink's room.
    package var chat: String { config.room ?? "" }
    package var limit: TextLimit { TextLimit(30_000, .jsonEscaped) }

    /// `/sync` since `offset`, held up to `timeout` seconds, with a filter that keeps only the room's messages; when
    /// more arrived than its timeline holds (`limited`), the gap is read back with `/messages` down to `offset`, at
    /// most `gapPages` pages of 100 (older messages are skipped with a warning, when one more asked for came back). The
    /// first sync (no `since` token) only takes the token: the room's history is not acted on.
    package mutating func poll(offset: String?, timeout: Double, http: any HTTPTransport) -> Result<ControlRead, ControlFailure> {
        if me == nil {
            switch ControlLink.answer(http.perform(request(config.root + "/_matrix/client/v3/account/whoami", method: "GET")), what: "whoami") {
            case .success(let body): me = Self.user(in: body)
            case .failure(let failure): return .failure(failure)
            }
        }
        let filter = #"{"presence":{"types":[]},"account_data":{"types":[]},"room":{"rooms":["#
            + JSONOut.quote(chat) + #"],"timeline":{"types":"# + Self.timelineTypes + #","limit":50},"state":{"types":[]},"#
            + #""ephemeral":{"types":[]},"account_data":{"types":[]}}}"#
        let wait = offset == nil ? 0 : timeout
        var url = config.root + "/_matrix/client/v3/sync?timeout=\(Int((wait * 1000).rounded()))&filter=" + QueryString.escape(filter)
        if let offset { url += "&since=" + QueryString.escape(offset) }
        let sync: Sync
        switch ControlLink.answer(http.perform(request(url, method: "GET", timeout: wait + config.timeout)), what: "/sync")
            .flatMap({ Self.decode(Sync.self, $0, what: "/sync answered something that is not a Matrix sync response") }) {
        case .success(let answer): sync = answer
        case .failure(let failure): return .failure(failure)
        }
        guard let offset else { return .success(([], sync.next_batch, nil)) }
        let timeline = sync.rooms?.join?[chat]?.timeline
        var events = timeline?.events ?? []
        var from = timeline?.limited == true ? timeline?.prev_batch : nil
        var room = Self.gapPages * 100  // messages still read back; once none, one more asked says whether any were skipped
        var skipped: String?
        while let page = from {
            let older = config.root + "/_matrix/client/v3/rooms/\(QueryString.escape(chat))/messages?dir=b&limit=\(min(100, room + 1))&from="
                + QueryString.escape(page) + "&to=" + QueryString.escape(offset) + "&filter=" + QueryString.escape(#"{"types":"# + Self.timelineTypes + "}")
            switch ControlLink.answer(http.perform(request(older, method: "GET")), what: "/messages")
                .flatMap({ Self.decode(Messages.self, $0, what: "/messages answered something that is not a Matrix message list") }) {
            case .success(let answer):
                events = answer.chunk.prefix(room).reversed() + events
                if answer.chunk.count > room {
                    skipped = "more than \(Self.gapPages * 100 + 50) messages arrived in the room since the last read; the older ones were skipped, unanswered"
                }
                room -= min(room, answer.chunk.count)
                from = answer.chunk.isEmpty || skipped != nil ? nil : answer.end
            case .failure(let failure): return .failure(failure)
            }
        }
        // An encrypted room hides its commands from a bot that holds no keys: said once rather than left silent.
        if !toldEncrypted, events.contains(where: { $0.type == "m.room.encrypted" && $0.sender != me }) {
            toldEncrypted = true
            skipped = (skipped.map { $0 + "; " } ?? "") + "room \(chat) is end-to-end encrypted, and coinwatch cannot read "
                + "encrypted messages: their commands go unanswered; use a room without encryption for control (docs/control.md)"
        }
        return .success((Self.messages(in: events, room: chat, me: me), sync.next_batch, skipped))
    }

    /// The timeline events read: messages, and encrypted ones only to say that they cannot be read.
    static let timelineTypes = #"["m.room.message","m.room.encrypted"]"#

    /// Pages of 100 messages read back over a `/sync`'s gap (its timeline holds 50).
    static let gapPages = 10

    /// The room send of the text (`m.text`), or the upload of `png` and then an `m.image` showing it with the
    /// text as its body (Matrix's media caption: `filename` names the file); the transaction id is the answer's key.
    package func send(_ answer: ControlAnswer, png: [UInt8]?, http: any HTTPTransport) -> WebhookVerdict {
        let event: String
        if let png {
            let upload = request(MatrixFormat.uploadURL(config), method: "POST", contentType: "image/png", body: png)
            let uploaded = http.perform(upload)
            guard case .success(let response) = uploaded, response.isSuccess else { return WebhookVerdict(uploaded, host: upload.host) }
            guard let uri = MatrixFormat.uploadedChart(request: upload, body: response.body) else { return .retry("the media upload named no mxc:// URI", retryAfter: nil) }
            event = MatrixFormat.imageEvent(uri: uri, size: png.count, caption: answer.text)
        } else {
            event = MatrixFormat.textEvent(answer.text)
        }
        let send = request(MatrixFormat.url(for: config, key: answer.key), method: "PUT", contentType: "application/json",
                           body: Array(event.utf8))
        return WebhookVerdict(http.perform(send), host: send.host)
    }

    /// A request to the homeserver at `url` with the access token.
    private func request(_ url: String, method: String, contentType: String? = nil, body: [UInt8]? = nil, timeout: Double? = nil) -> HTTPRequest {
        WebhookRequest.request(url, method: method,
                               headers: [MatrixFormat.authorization(config)] + (contentType.map { [HTTPHeader("Content-Type", $0)] } ?? []),
                               body: body, sink: sink, config: config, timeout: timeout)
    }

    /// The user id in a `whoami` answer.
    package static func user(in body: [UInt8]) -> String? {
        (try? JSONParser.parse(body))?["user_id"]?.stringValue
    }

    /// The room's text messages among `events` not sent by `me`; a reply's quote of the message it answers (its first
    /// lines, `> <@ana:example.org> …`, as clients send a reply) left out, so a command in a reply is read.
    private static func messages(in events: [Event], room: String, me: String?) -> [ControlMessage] {
        events.compactMap { event -> ControlMessage? in
            guard event.type == "m.room.message", let id = event.event_id, let sender = event.sender, sender != me,
                  let content = event.content, content.msgtype == "m.text", let body = content.body else { return nil }
            let text = body.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix(">") }.joined(separator: "\n")
            return ControlMessage(key: "matrix:\(id)", chat: room, sender: sender, text: text)
        }
    }

    /// `body` decoded as `T`, or the failure `what`.
    private static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8], what: String) -> Result<T, ControlFailure> {
        guard let answer = try? JSONDecoder().decode(type, from: Data(body)) else { return .failure(ControlFailure(what)) }
        return .success(answer)
    }

    private struct Sync: Decodable {
        var next_batch: String
        var rooms: Rooms?
    }

    /// A `/messages` page, newest first; `end` continues it.
    private struct Messages: Decodable {
        var chunk: [Event]
        var end: String?
    }

    private struct Rooms: Decodable { var join: [String: JoinedRoom]? }
    private struct JoinedRoom: Decodable { var timeline: Timeline? }
    private struct Timeline: Decodable {
        var events: [Event]?
        var limited: Bool?
        var prev_batch: String?
    }

    private struct Event: Decodable {
        var type: String?
        var event_id: String?
        var sender: String?
        var content: Content?
    }

    private struct Content: Decodable {
        var msgtype: String?
        var body: String?
    }
}
