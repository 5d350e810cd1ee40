import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchChart
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Matrix client-server API as the chat side uses it (SPEC §13): `/sync` long polling filtered to
/// the sink's room, `whoami` (so the bot's own answers are not read as commands) and the room send for
/// answers, whose transaction id is the answer's key (a retried answer is shown once). The access token
/// goes in the `Authorization` header only.
package struct MatrixClientAPI: Sendable {
    package var sink: String
    package var config: WebhookConfig

    package init(sink: String, config: WebhookConfig) {
        self.sink = sink
        self.config = config
    }

    var root: String {
        var url = config.url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    var room: String { config.room ?? "" }

    /// `GET /account/whoami`: the token's user.
    package func whoami() -> HTTPRequest {
        request(root + "/_matrix/client/v3/account/whoami", method: "GET", body: nil, timeout: config.timeout)
    }

    /// `/sync` since `since` (nil: the first sync, whose events are history and are not acted on), held up to
    /// `timeout` seconds, with a filter that keeps only the room's messages.
    package func sync(since: String?, timeout: Double) -> HTTPRequest {
        let filter = #"{"presence":{"types":[]},"account_data":{"types":[]},"room":{"rooms":["#
            + JSONOut.quote(room) + #"],"timeline":{"types":["m.room.message"],"limit":50},"state":{"types":[]},"#
            + #""ephemeral":{"types":[]},"account_data":{"types":[]}}}"#
        var url = root + "/_matrix/client/v3/sync?timeout=\(Int((timeout * 1000).rounded()))&filter=" + QueryString.escape(filter)
        if let since { url += "&since=" + QueryString.escape(since) }
        return request(url, method: "GET", body: nil, timeout: timeout + config.timeout)
    }

    /// The room send of `text` (`m.text`) with transaction id `key`.
    package func send(_ text: String, key: String) -> HTTPRequest {
        var body = JSONOut()
        body.add("msgtype", "m.text")
        body.add("body", text)
        return request(root + "/_matrix/client/v3/rooms/\(QueryString.escape(room))/send/m.room.message/" + QueryString.escape(key),
                       method: "PUT", body: body.text, timeout: config.timeout)
    }

    /// The media upload of `png` (its answer names the `mxc://` URI).
    package func upload(_ png: [UInt8]) -> HTTPRequest {
        HTTPRequest(url: root + MatrixFormat.uploadPath + "?filename=" + ChartPayload.filename, method: "POST",
                    headers: [HTTPHeader("Authorization", "Bearer \(config.token ?? "")"), HTTPHeader("Content-Type", "image/png")],
                    body: png, timeout: config.timeout, caFile: config.caFile,
                    displayURL: WebhookRequest.displayURL(sink: sink, config: config), followsRedirects: false)
    }

    /// The room send of an `m.image` showing the uploaded `uri` (`size` bytes) with `caption` as its body
    /// (Matrix's media caption: `filename` names the file), transaction id `key`.
    package func sendImage(_ uri: String, size: Int, caption: String, key: String) -> HTTPRequest {
        var body = JSONOut()
        body.add("msgtype", "m.image")
        body.add("body", caption)
        body.add("filename", ChartPayload.filename)
        body.add("url", uri)
        body.addRaw("info", "{\"mimetype\":\"image/png\",\"size\":\(size),\"w\":\(PriceChart.width),\"h\":\(PriceChart.height)}")
        return request(root + "/_matrix/client/v3/rooms/\(QueryString.escape(room))/send/m.room.message/" + QueryString.escape(key),
                       method: "PUT", body: body.text, timeout: config.timeout)
    }

    private func request(_ url: String, method: String, body: String?, timeout: Double) -> HTTPRequest {
        var headers = [HTTPHeader("Authorization", "Bearer \(config.token ?? "")")]
        if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        return HTTPRequest(url: url, method: method, headers: headers, body: body.map { Array($0.utf8) }, timeout: timeout,
                           caFile: config.caFile, displayURL: WebhookRequest.displayURL(sink: sink, config: config),
                           followsRedirects: false)
    }

    /// The user id in a `whoami` answer.
    package static func user(in body: [UInt8]) -> String? {
        struct WhoAmI: Decodable { var user_id: String }
        return (try? JSONDecoder().decode(WhoAmI.self, from: Data(body)))?.user_id
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
