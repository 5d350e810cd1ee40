#!/usr/bin/env python3
"""A scripted WebSocket server on 127.0.0.1 for coinwatch's `stream` tests.

Usage: ws_server.py SCRIPT.json. Prints `PORT <n>` once listening. The script:
  {"log": path, "tls": {"cert": pem, "key": pem}?, "mode": "websocket" | "silent",
   "ping_interval": seconds?, "connections": [[step, ...], ...]}
Connection k runs connections[k] (the last one repeats). Steps:
  {"wait": n}                 wait for n messages from the client (each is logged)
  {"send": text}              a text frame; {"send_binary": text} the UTF-8 bytes as a binary frame
  {"send_lines": path, "binary": bool, "every": seconds, "stamp": bool}
                              every line of a file as one message; "stamp" logs each send time
  {"sleep": s}                pause
  {"deaf": true}              stop reading from the client: its pings go unanswered (a dead peer)
  {"raw": base64}             bytes written straight onto the connection (malformed frames)
  {"close": code}             a close frame with this code
  {"drop": true}              abort the TCP connection (the client sees 1006)
Hostile steps (red team, SPEC §9 last paragraph):
  {"ping_flood": bytes}       stop reading from the client, then write empty PING frames back to
                              back until `bytes` are written or the client goes; logs
                              {"flood": "ping", "bytes": n} at the end
  {"flood": [text, ...], "seconds": s}
                              write these text frames over and over, as fast as the client's socket
                              takes them, for `s` seconds or until the client goes; logs
                              {"flood": "text", "bytes": n} at the end
After the last step the connection stays open until the client closes it. "silent" mode
accepts TCP (or TLS) connections and never answers the upgrade. Everything received and
every connection is logged as JSON Lines to "log". The server stops itself after 300 s.
"""
import asyncio
import base64
import json
import ssl
import sys
import time

import websockets
from websockets.asyncio.server import serve


def frame(opcode, payload):
    """A server frame (unmasked, FIN set) with this opcode and payload."""
    head = bytes([0x80 | opcode])
    if len(payload) < 126:
        head += bytes([len(payload)])
    elif len(payload) < 65536:
        head += bytes([126]) + len(payload).to_bytes(2, "big")
    else:
        head += bytes([127]) + len(payload).to_bytes(8, "big")
    return head + payload


async def flood(ws, chunk, limit_bytes=None, seconds=None):
    """Writes `chunk` over and over straight onto the transport while the client takes it; the bytes written."""
    transport = ws.transport
    sent = 0
    end = time.monotonic() + seconds if seconds else None
    while not transport.is_closing():
        if limit_bytes is not None and sent >= limit_bytes:
            break
        if end is not None and time.monotonic() >= end:
            break
        if transport.get_write_buffer_size() > 4 * len(chunk):
            await asyncio.sleep(0.001)
            continue
        transport.write(chunk)
        sent += len(chunk)
        await asyncio.sleep(0)
    return sent


def main():
    with open(sys.argv[1]) as f:
        script = json.load(f)
    log = open(script["log"], "a", buffering=1)
    counter = {"n": 0}

    def note(**fields):
        fields["t"] = time.time()
        log.write(json.dumps(fields) + "\n")

    context = None
    if script.get("tls"):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(script["tls"]["cert"], script["tls"]["key"])

    async def handler(ws):
        index = counter["n"]
        counter["n"] += 1
        steps = script["connections"][min(index, len(script["connections"]) - 1)]
        note(conn=index, event="connect", path=ws.request.path)
        try:
            for step in steps:
                if "wait" in step:
                    for _ in range(step["wait"]):
                        message = await ws.recv()
                        if isinstance(message, bytes):
                            message = message.decode("utf-8", "replace")
                        note(conn=index, recv=message)
                elif "send" in step:
                    await ws.send(step["send"])
                elif "send_binary" in step:
                    await ws.send(step["send_binary"].encode())
                elif "send_lines" in step:
                    with open(step["send_lines"], "rb") as f:
                        lines = [line.rstrip(b"\n") for line in f if line.strip()]
                    for line in lines:
                        if step.get("stamp"):
                            note(conn=index, sent=line.decode("utf-8", "replace"))
                        await ws.send(line if step.get("binary") else line.decode())
                        if step.get("every"):
                            await asyncio.sleep(step["every"])
                elif "sleep" in step:
                    await asyncio.sleep(step["sleep"])
                elif "deaf" in step:
                    ws.transport.pause_reading()
                elif "raw" in step:
                    ws.transport.write(base64.b64decode(step["raw"]))
                elif "ping_flood" in step:
                    ws.transport.pause_reading()
                    sent = await flood(ws, frame(0x9, b"") * 32768, limit_bytes=step["ping_flood"])
                    note(conn=index, flood="ping", bytes=sent)
                elif "flood" in step:
                    chunk = b"".join(frame(0x1, text.encode()) for text in step["flood"])
                    chunk = chunk * max(1, 65536 // len(chunk))
                    sent = await flood(ws, chunk, seconds=step["seconds"])
                    note(conn=index, flood="text", bytes=sent)
                elif "close" in step:
                    await ws.close(step["close"])
                    return
                elif "drop" in step:
                    ws.transport.abort()
                    return
            async for message in ws:
                if isinstance(message, bytes):
                    message = message.decode("utf-8", "replace")
                note(conn=index, recv=message)
        except websockets.ConnectionClosed as closed:
            note(conn=index, event="closed", code=closed.rcvd.code if closed.rcvd else 1006)

    async def silent(reader, writer):
        note(conn=counter["n"], event="connect")
        counter["n"] += 1
        await asyncio.sleep(300)

    async def run():
        if script.get("mode") == "silent":
            server = await asyncio.start_server(silent, "127.0.0.1", 0, ssl=context)
            port = server.sockets[0].getsockname()[1]
        else:
            server = await serve(handler, "127.0.0.1", 0, ssl=context, max_size=None,
                                 ping_interval=script.get("ping_interval"), ping_timeout=5,
                                 compression=None)
            port = server.sockets[0].getsockname()[1] if hasattr(server, "sockets") else list(server.sockets)[0].getsockname()[1]
        print(f"PORT {port}", flush=True)
        await asyncio.sleep(300)

    asyncio.run(run())


if __name__ == "__main__":
    main()
