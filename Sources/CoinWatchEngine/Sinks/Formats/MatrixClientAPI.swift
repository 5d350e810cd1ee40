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

    /// The sink's room.
    package var chat: String { config.room ?? "" }
    package var limit: TextLimit { TextLimit(30_000, .jsonEscaped) }

    /// `/sync` since `offset`, held up to `timeout` seconds, with a filter that keeps only the room's messages.
    /// The first sync (no `since` token) only takes the token: the room's history is not acted on.
    package mutating func poll(offset: String?, timeout: Double,
                               http: any HTTPTransport) -> Result<(messages: [ControlMessage], offset: String?), ControlFailure> {
        if me == nil {
            switch ControlLink.answer(http.perform(request(config.root + "/_matrix/client/v3/account/whoami", method: "GET")), what: "whoami") {
            case .success(let body): me = Self.user(in: body)
            case .failure(let failure): return .failure(failure)
            }
        }
        let filter = #"{"presence":{"types":[]},"account_data":{"types":[]},"room":{"rooms":["#
            + JSONOut.quote(chat) + #"],"timeline":{"types":["m.room.message"],"limit":50},"state":{"types":[]},"#
            + #""ephemeral":{"types":[]},"account_data":{"types":[]}}}"#
        let wait = offset == nil ? 0 : timeout
        var url = config.root + "/_matrix/client/v3/sync?timeout=\(Int((wait * 1000).rounded()))&filter=" + QueryString.escape(filter)
        if let offset { url += "&since=" + QueryString.escape(offset) }
        let (room, user) = (chat, me)
        return ControlLink.answer(http.perform(request(url, method: "GET", timeout: wait + config.timeout)), what: "/sync")
            .flatMap { Self.decode($0, room: room, me: user) }
            .map { (offset == nil ? [] : $0.messages, Optional($0.since)) }
    }

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
            var text = JSONOut()
            text.add("msgtype", "m.text")
            text.add("body", answer.text)
            event = text.text
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

    /// The room's text messages in a `/sync` answer not sent by `me`, and its `next_batch`.
    package static func decode(_ body: [UInt8], room: String, me: String?) -> Result<(messages: [ControlMessage], since: String), ControlFailure> {
        guard let answer = try? JSONDecoder().decode(Sync.self, from: Data(body)) else {
            return .failure(ControlFailure("/sync answered something that is not a Matrix sync response"))
        }
        let events = answer.rooms?.join?[room]?.timeline?.events ?? []
        let messages = events.compactMap { event -> ControlMessage? in
            guard event.type == "m.room.message", let id = event.event_id, let sender = event.sender, sender != me,
                  let content = event.content, content.msgtype == "m.text", let text = content.body else { return nil }
            return ControlMessage(key: "matrix:\(id)", chat: room, sender: sender, text: text)
        }
        return .success((messages, answer.next_batch))
    }

    private struct Sync: Decodable {
        var next_batch: String
        var rooms: Rooms?
    }

    private struct Rooms: Decodable { var join: [String: JoinedRoom]? }
    private struct JoinedRoom: Decodable { var timeline: Timeline? }
    private struct Timeline: Decodable { var events: [Event]? }

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
