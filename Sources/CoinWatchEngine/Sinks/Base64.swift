import FoundationEssentials

extension Collection<UInt8> {
    /// These bytes in padded base64 (RFC 4648): the sinks' one use of Foundation's encoder.
    var base64: String { Data(self).base64EncodedString() }
}
