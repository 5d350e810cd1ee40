#!/usr/bin/env python3
"""A real Matrix homeserver (Synapse, PyPI `matrix-synapse`) on 127.0.0.1 for coinwatch's tests.

Usage: synapse_server.py FOLDER USER...   ($SYNAPSE_MAX_UPLOAD_SIZE, e.g. 1K, sets max_upload_size)
Writes a minimal FOLDER/homeserver.yaml (sqlite, one plain-HTTP client listener on a free loopback
port, no federation, a registration shared secret, rate limits raised, media in FOLDER), starts
Synapse, waits until /_matrix/client/versions answers, registers each USER through the
shared-secret admin API, creates a public room the first user owns and every other user joins, then
prints one JSON line: {"url", "room", "users": [{"name", "user_id", "access_token"}…]}.
It keeps running until stdin closes or SIGTERM arrives, then stops Synapse and removes FOLDER. Synapse's
log is FOLDER/synapse.log. Any failure prints {"error": "…"} instead and exits 1, FOLDER left for a look.
"""
import ctypes, hashlib, hmac, json, os, secrets, shutil, signal, socket, subprocess, sys, threading, time
import urllib.error, urllib.request

folder, names = sys.argv[1], sys.argv[2:]
secret = secrets.token_hex(16)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_config(port):
    limit = "{per_second: 10000, burst_count: 10000}"
    config = f"""server_name: "localhost"
pid_file: "{folder}/homeserver.pid"
listeners:
  - port: {port}
    bind_addresses: ["127.0.0.1"]
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: "{folder}/homeserver.db"
media_store_path: "{folder}/media_store"
signing_key_path: "{folder}/signing.key"
registration_shared_secret: "{secret}"
macaroon_secret_key: "{secrets.token_hex(16)}"
form_secret: "{secrets.token_hex(16)}"
report_stats: false
bcrypt_rounds: 4
enable_metrics: false
trusted_key_servers: []
suppress_key_server_warning: true
federation_domain_whitelist: []
url_preview_enabled: false
presence:
  enabled: false
rc_message: {limit}
rc_registration: {limit}
rc_login:
  address: {limit}
  account: {limit}
  failed_attempts: {limit}
rc_joins:
  local: {limit}
  remote: {limit}
rc_invites:
  per_room: {limit}
  per_user: {limit}
  per_issuer: {limit}
rc_room_creation: {limit}
rc_admin_redaction: {limit}
rc_3pid_validation: {limit}
"""
    if os.environ.get("SYNAPSE_MAX_UPLOAD_SIZE"):
        config += f"max_upload_size: \"{os.environ['SYNAPSE_MAX_UPLOAD_SIZE']}\"\n"
    with open(os.path.join(folder, "homeserver.yaml"), "w") as f:
        f.write(config)
    from signedjson.key import generate_signing_key, write_signing_keys
    with open(os.path.join(folder, "signing.key"), "w") as f:
        write_signing_keys(f, [generate_signing_key("a_test")])


def call(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def register(base, name):
    nonce = call(base, "GET", "/_synapse/admin/v1/register")["nonce"]
    password = secrets.token_hex(8)
    mac = hmac.new(secret.encode(), digestmod=hashlib.sha1)
    mac.update(b"\x00".join([nonce.encode(), name.encode(), password.encode(), b"notadmin"]))
    answer = call(base, "POST", "/_synapse/admin/v1/register",
                  {"nonce": nonce, "username": name, "password": password, "admin": False, "mac": mac.hexdigest()})
    return {"name": name, "user_id": answer["user_id"], "access_token": answer["access_token"]}


def die_with_parent():
    # Synapse goes when this script goes, even if it is killed with SIGKILL.
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start():
    port = free_port()
    write_config(port)
    log = open(os.path.join(folder, "synapse.log"), "ab")
    child = subprocess.Popen([sys.executable, "-m", "synapse.app.homeserver", "-c", os.path.join(folder, "homeserver.yaml")],
                             cwd=folder, stdin=subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=die_with_parent)
    base = "http://127.0.0.1:%d" % port
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise RuntimeError("synapse exited with %d (see %s/synapse.log)" % (child.returncode, folder))
        try:
            call(base, "GET", "/_matrix/client/versions")
            return child, base
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.05)
    child.terminate()
    raise RuntimeError("synapse did not answer within 60 s")


def main():
    # A parent may have blocked signals (Swift's Process spawns with most of them blocked): SIGTERM must reach
    # this script and Synapse, which inherits the mask.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    child = None
    try:
        child, base = start()
        users = [register(base, name) for name in names]
        room = call(base, "POST", "/_matrix/client/v3/createRoom", {"preset": "public_chat"}, users[0]["access_token"])["room_id"]
        for user in users[1:]:
            call(base, "POST", "/_matrix/client/v3/rooms/%s/join" % room, {}, user["access_token"])
    except Exception as error:  # one line the wrapper can show, whatever went wrong
        if child:
            child.terminate()
        print(json.dumps({"error": "%s: %s" % (type(error).__name__, error)}), flush=True)
        sys.exit(1)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    print(json.dumps({"url": base, "room": room, "users": users}), flush=True)
    while not stop.wait(0.5):
        if child.poll() is not None:
            break
    child.terminate()
    try:
        child.wait(10)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
    shutil.rmtree(folder, ignore_errors=True)


main()
