#!/usr/bin/env bash
# Register users on the homeserver started by start-synapse.sh DIR, through
# the shared-secret admin API (what register_new_matrix_user does, without
# its slow start-up):
#   tests/matrix/register-user.sh DIR PASSWORD NAME [NAME ...]
set -euo pipefail
DIR="${1:?usage: register-user.sh DIR PASSWORD NAME...}"
PASSWORD="${2:?}"
shift 2
VENV="$(cat "$DIR/venv-path")"
exec "$VENV/bin/python" - "$DIR" "$PASSWORD" "$@" <<'PY'
import hashlib, hmac, json, sys, urllib.request

import yaml  # installed with Synapse

directory, password, names = sys.argv[1], sys.argv[2], sys.argv[3:]
with open(f"{directory}/homeserver.yaml") as f:
    secret = yaml.safe_load(f)["registration_shared_secret"]
with open(f"{directory}/url") as f:
    url = f.read().strip() + "/_synapse/admin/v1/register"

def call(data=None):
    request = urllib.request.Request(
        url,
        data=None if data is None else json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)

for name in names:
    nonce = call()["nonce"]
    mac = hmac.new(secret.encode(), digestmod=hashlib.sha1)
    for part in (nonce, name, password, "notadmin"):
        mac.update(part.encode())
        mac.update(b"\x00" if part != "notadmin" else b"")
    answer = call({
        "nonce": nonce,
        "username": name,
        "password": password,
        "admin": False,
        "mac": mac.hexdigest(),
    })
    print(answer["user_id"])
PY
