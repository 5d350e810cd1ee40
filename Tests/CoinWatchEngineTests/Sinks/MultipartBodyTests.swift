@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// The one multipart writer, read back by Python's email parser.
@Suite struct MultipartBodyTests {
    @Test func formDataReadsBackPartByPartAsPythonsParserReadsIt() throws {
        var form = MultipartBody(seed: "key-1")
        form.field("chat_id", "-1001234567890")
        form.field("caption", "BTC \"below\" 50,000 ✓\nsecond line")
        form.file("photo", filename: "chart.png", contentType: "image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 13, 10, 45, 45])
        let encoded = form.encoded("form-data")
        #expect(encoded.contentType.hasPrefix("multipart/form-data; boundary=coinwatch-"))
        let parsed = try PythonMultipart(contentType: encoded.contentType, body: encoded.body)
        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
        #expect(parsed.parts.map { $0.name ?? "" } == ["chat_id", "caption", "photo"])
        #expect(parsed["caption"]?.text == "BTC \"below\" 50,000 ✓\nsecond line")
        #expect(parsed["photo"]?.filename == "chart.png" && parsed["photo"]?.type == "image/png")
        #expect(parsed["photo"]?.payload == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 13, 10, 45, 45], "binary bytes intact")
    }

    @Test func theSameMessageGivesTheSameBytes() {
        func body() -> [UInt8] {
            var form = MultipartBody(seed: "abc")
            form.field("a", "b")
            return form.encoded("form-data").body
        }
        #expect(body() == body())
    }

    @Test func aPartHoldingTheBoundaryGetsAnotherOne() throws {
        var probe = MultipartBody(seed: "k")
        probe.field("x", "y")
        let boundary = String(probe.encoded("form-data").contentType.split(separator: "=").last ?? "")
        var form = MultipartBody(seed: "k")
        form.field("text", "--" + boundary + "\r\nContent-Disposition: form-data; name=\"evil\"\r\n\r\nforged")
        let encoded = form.encoded("form-data")
        #expect(!encoded.contentType.hasSuffix(boundary))
        let parsed = try PythonMultipart(contentType: encoded.contentType, body: encoded.body)
        #expect(parsed.parts.map { $0.name ?? "" } == ["text"], "no forged part")
    }
}
