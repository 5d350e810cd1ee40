#!/usr/bin/env python3
"""A TLS-inspecting HTTP proxy on 127.0.0.1, as corporate networks have, for coinwatch's tests.

Usage: intercepting_proxy.py SCRIPT.json. Prints `PORT <n>` once listening. The script:
  {"host": "api.coingecko.com", "cert": leaf.pem, "key": leaf-key.pem, "log": path,
   "routes": [[target prefix, file], ...]}
It answers `CONNECT <host>:443` with 200, then ends the tunnel's TLS itself with the leaf
certificate (signed by a test CA the client may or may not trust) and answers each request on
it: the file of the first route whose prefix starts the request target (path and query), as
JSON, else 404. A CONNECT to any other host gets 403. Every event is logged as JSON Lines:
{"connect": "host:port"}, {"handshake": "ok" | error text}, {"path": target}. The server stops
itself after 120 s.
"""
import json
import socket
import socketserver
import ssl
import sys
import threading
import time


def main():
    with open(sys.argv[1]) as f:
        script = json.load(f)
    log = open(script["log"], "a", buffering=1)
    lock = threading.Lock()

    def note(**fields):
        with lock:
            log.write(json.dumps(fields) + "\n")

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(script["cert"], script["key"])
    routes = script["routes"]

    class Tunnel(socketserver.BaseRequestHandler):
        def handle(self):
            sock = self.request
            sock.settimeout(10)
            head = read_head(sock)
            if head is None:
                return
            words = head.split(b"\r\n", 1)[0].decode("latin-1").split()
            if len(words) < 2 or words[0] != "CONNECT":
                sock.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            note(connect=words[1])
            if words[1] != script["host"] + ":443":
                sock.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                return
            sock.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            try:
                tls = context.wrap_socket(sock, server_side=True)
            except (ssl.SSLError, OSError) as error:
                note(handshake=str(error))
                return
            note(handshake="ok")
            with tls:
                serve(tls)

    def serve(tls):
        while True:
            head = read_head(tls)
            if head is None:
                return
            lines = head.decode("latin-1").split("\r\n")
            target = lines[0].split()[1] if len(lines[0].split()) > 1 else ""
            note(path=target)
            body, status = b'{"error":"Not Found"}', "404 Not Found"
            for prefix, path in routes:
                if target.startswith(prefix):
                    with open(path, "rb") as f:
                        body, status = f.read(), "200 OK"
                    break
            tls.sendall(("HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                         % (status, len(body))).encode() + body)

    class Server(socketserver.ThreadingTCPServer):
        daemon_threads = True
        allow_reuse_address = True

    server = Server(("127.0.0.1", 0), Tunnel)
    print("PORT %d" % server.server_address[1], flush=True)
    threading.Timer(120, server.shutdown).start()
    server.serve_forever()


def read_head(sock):
    """The bytes up to the blank line after the headers (requests here have no body); None at the end."""
    data = b""
    while b"\r\n\r\n" not in data:
        try:
            chunk = sock.recv(4096)
        except (OSError, socket.timeout):
            return None
        if not chunk:
            return None
        data += chunk
    return data.split(b"\r\n\r\n", 1)[0]


if __name__ == "__main__":
    main()
