"""Parses a MIME multipart body with Python's own email parser, as a chat service's framework would
(multipart/form-data of Telegram's sendPhoto and Discord, a multipart/related mail).

Usage: multipart_parts.py CONTENT_TYPE_FILE BODY_FILE   (a whole mail: multipart_parts.py - MAIL_FILE)
Prints one JSON object: the top content type, the parser's defects, and each part's form name,
file name, content type, disposition, Content-ID and payload (base64, decoded from its transfer encoding).
"""
import base64
import email
import email.policy
import json
import sys

raw = open(sys.argv[2], "rb").read()
if sys.argv[1] != "-":
    raw = b"Content-Type: " + open(sys.argv[1], "rb").read().strip() + b"\r\n\r\n" + raw
message = email.message_from_bytes(raw, policy=email.policy.HTTP)
parts = []
for part in message.iter_parts():
    payload = part.get_payload(decode=True) or b""
    parts.append({
        "name": part.get_param("name", header="content-disposition"),
        "filename": part.get_filename(),
        "type": part.get_content_type(),
        "disposition": part.get_content_disposition(),
        "content_id": part.get("Content-ID"),
        "payload": base64.b64encode(payload).decode(),
    })
print(json.dumps({"type": message.get_content_type(), "defects": [str(d) for d in message.defects]
                  + [str(d) for p in message.iter_parts() for d in p.defects], "parts": parts}))
