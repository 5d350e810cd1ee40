import CCurl

extension CurlEasy {
    /// Sets the options of a mail request after `configure`'s: TLS required (implicit on smtps://,
    /// STARTTLS on smtp://), plain text only when the envelope says no TLS (a local MTA), the envelope, the login
    /// and the message as upload.
    func configureMail(_ mail: MailEnvelope) throws(TransportError) {
        try set(CURLOPT_USE_SSL, Int((mail.tls ? CURLUSESSL_ALL : CURLUSESSL_NONE).rawValue))
        try set(CURLOPT_MAIL_FROM, "<\(mail.from)>")
        recipientList = try list(mail.recipients.map { "<\($0)>" }, what: "the recipient list")
        try check(cw_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipientList), CURLOPT_MAIL_RCPT)
        if let username = mail.username { try set(CURLOPT_USERNAME, username) }
        if let password = mail.password { try set(CURLOPT_PASSWORD, password) }
        try set(CURLOPT_UPLOAD, 1)
        try check(cw_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(request.body?.count ?? 0)), CURLOPT_INFILESIZE_LARGE)
        try check(cw_setopt_read_function(handle) { buffer, size, count, userdata in
            guard let userdata, let buffer else { return 0 }
            let easy = Unmanaged<CurlEasy>.fromOpaque(userdata).takeUnretainedValue()
            return easy.sendBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
        }, CURLOPT_READFUNCTION)
        try check(cw_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque()), CURLOPT_READDATA)
    }

    /// Copies the next bytes of the request body into `buffer`; returns how many (0 at the end).
    func sendBody(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let body = request.body, uploadOffset < body.count else { return 0 }
        let count = min(buffer.count, body.count - uploadOffset)
        body.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[uploadOffset..<(uploadOffset + count)]))
        }
        uploadOffset += count
        return count
    }
}
