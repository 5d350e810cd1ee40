#!/usr/bin/env python3
"""A real SMTP server on 127.0.0.1 for coinwatch's email tests and `make bench` (aiosmtpd, PyPI).

Usage: smtp_server.py FOLDER MODE SECURITY CERT KEY USER PASSWORD DELAY [LIFETIME]
  MODE: accept (250), busy-once (451 to the first message, then 250), refuse (550 to every
  recipient), drop (the connection aborted once the data has arrived, no reply), small (552 to a
  message over 20,000 bytes, aiosmtpd's data_size_limit).
  SECURITY: starttls (offered and required before MAIL), implicit (TLS from the first byte), plain.
  USER/PASSWORD: "" for no AUTH. DELAY: seconds before answering each message's data.
Prints the port once listening; every accepted message is kept as FOLDER/<n>.eml (envelope
lines, a blank line, the raw message), and FOLDER/data-count gets a line per DATA. It stops
itself after LIFETIME seconds (default 120).
"""
import asyncio, os, ssl, sys
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

folder, mode, security, cert, key, user, password, delay = sys.argv[1:9]
lifetime = float(sys.argv[9]) if len(sys.argv) > 9 else 120
state = {"n": 0, "data": 0}

class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if mode == "refuse":
            return "550 5.1.1 mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        await asyncio.sleep(float(delay))
        state["data"] += 1
        with open(os.path.join(folder, "data-count"), "a") as f:
            f.write("x\n")
        if mode == "drop":
            server.transport.abort()
            return "250 never sent"
        if mode == "busy-once" and state["data"] == 1:
            return "451 4.3.0 try again later"
        state["n"] += 1
        text = "FROM " + envelope.mail_from + "\n" + "".join("TO " + r + "\n" for r in envelope.rcpt_tos) + "\n"
        with open(os.path.join(folder, "%d.eml" % state["n"]), "w", newline="") as f:
            f.write(text + envelope.original_content.decode("utf-8", "replace"))
        return "250 OK"

def authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password
    return AuthResult(success=ok)

async def main():
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    loop = asyncio.get_running_loop()
    options = dict(enable_SMTPUTF8=True, decode_data=False)
    if mode == "small":
        options.update(data_size_limit=20000)
    if user:
        options.update(authenticator=authenticator, auth_required=True, auth_require_tls=security != "plain")
    if security == "starttls":
        factory = lambda: SMTP(Handler(), tls_context=context, require_starttls=True, **options)
        server = await loop.create_server(factory, "127.0.0.1", 0)
    elif security == "implicit":
        factory = lambda: SMTP(Handler(), **options)
        server = await loop.create_server(factory, "127.0.0.1", 0, ssl=context)
    else:
        factory = lambda: SMTP(Handler(), **options)
        server = await loop.create_server(factory, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.sleep(lifetime)

asyncio.run(main())
