/// The alert record itself (SPEC §4), or an array of records whenever `group` is true; never split, no image.
package enum JSONFormat: SinkFormat {
    package static let name = "json"
    package static let imagelessSubject = "the json format carries"
    package static let example = #"""
        "ops":      {"type": "webhook", "format": "json", "url": "https://ops.example.com/hooks/coinwatch",
                       "headers": {"Authorization": "Bearer ${OPS_TOKEN}"}, "group": true}
        """#
}
