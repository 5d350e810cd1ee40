import CCurl

extension CurlEasy {
    /// Sets the options of a mail request: SMTP only, TLS required (implicit on smtps://, STARTTLS on
    /// smtp://, never plain text), verification always on, the envelope, the login and the message as upload.
    func configureMail() throws(TransportError) {
        guard let mail = request.mail else { return }
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        try set(CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
        try setVerificationAndTimeouts()
        try check(cw_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), CURLOPT_ERRORBUFFER)
        try set(CURLOPT_MAIL_FROM, "<\(mail.from)>")
        for recipient in mail.recipients {
            guard let list = cw_slist_append(recipientList, "<\(recipient)>") else {
                throw .internal(host: request.host, message: "out of memory building the recipient list")
            }
            recipientList = list
        }
        try check(cw_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipientList), CURLOPT_MAIL_RCPT)
        if let username = mail.username { try set(CURLOPT_USERNAME, username) }
        if let password = mail.password { try set(CURLOPT_PASSWORD, password) }
        try setCallbacks()
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
