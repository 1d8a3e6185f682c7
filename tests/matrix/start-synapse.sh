#!/usr/bin/env bash
# Start a throwaway Synapse homeserver for the Matrix end-to-end test.
#
#   tests/matrix/start-synapse.sh DIR
#
# Installs Synapse from PyPI into a virtualenv (SYNAPSE_VENV, default
# DIR/venv; an existing venv with the right version is reused), writes a
# config to DIR (sqlite, 127.0.0.1 only on a free port, registration by
# shared secret, no key servers, presence off, rate limits raised), starts
# the server in the background and waits until it answers.
#
# Writes: DIR/pid (the server's PID), DIR/url (http://127.0.0.1:PORT),
# DIR/homeserver.yaml (for register_new_matrix_user -c), DIR/venv-path
# (the venv used), DIR/homeserver.log.
# Stop it with tests/matrix/stop-synapse.sh DIR.
#
# Exit status: 0 running; 2 a prerequisite is missing (python3, venv, or
# PyPI unreachable: callers may skip); 1 any other failure.
set -euo pipefail

DIR="${1:?usage: start-synapse.sh DIR}"
VERSION="${SYNAPSE_VERSION:-1.163.2}"
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
VENV="${SYNAPSE_VENV:-$DIR/venv}"
PYTHON="${PYTHON:-python3}"

missing() { echo "start-synapse: $*" >&2; exit 2; }
fail() { echo "start-synapse: $*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null 2>&1 || missing "$PYTHON not found"

# 1. Synapse in a virtualenv.
if ! "$VENV/bin/python" -c "import synapse, sys; sys.exit(synapse.__version__ != '$VERSION')" >/dev/null 2>&1; then
    echo "start-synapse: installing matrix-synapse==$VERSION into $VENV" >&2
    "$PYTHON" -m venv "$VENV" >&2 || missing "python3 -m venv failed (install python3-venv)"
    if ! "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        --timeout 30 --retries 2 "matrix-synapse==$VERSION" >&2; then
        missing "pip could not install matrix-synapse==$VERSION (is PyPI reachable?)"
    fi
fi
echo "$VENV" > "$DIR/venv-path"

# 2. A free port on 127.0.0.1.
PORT="$("$VENV/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
URL="http://127.0.0.1:$PORT"
secret() { "$VENV/bin/python" -c 'import secrets; print(secrets.token_hex(24))'; }

# 3. Config.
cat > "$DIR/log.config" <<LOG
version: 1
formatters:
  precise:
    format: '%(asctime)s - %(name)s - %(lineno)d - %(levelname)s - %(request)s - %(message)s'
handlers:
  file:
    class: logging.FileHandler
    formatter: precise
    filename: $DIR/homeserver.log
    encoding: utf8
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
LOG

RATE='{per_second: 10000, burst_count: 10000}'
cat > "$DIR/homeserver.yaml" <<YAML
server_name: "localhost"
public_baseurl: "$URL/"
pid_file: "$DIR/homeserver.pid"
report_stats: false
listeners:
  - port: $PORT
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: "$DIR/homeserver.db"
log_config: "$DIR/log.config"
media_store_path: "$DIR/media_store"
signing_key_path: "$DIR/localhost.signing.key"
registration_shared_secret: "$(secret)"
macaroon_secret_key: "$(secret)"
form_secret: "$(secret)"
enable_registration: false
trusted_key_servers: []
suppress_key_server_warning: true
presence:
  enabled: false
enable_metrics: false
url_preview_enabled: false
max_upload_size: 50M
# Fast password hashing: these are throwaway test accounts.
bcrypt_rounds: 4
rc_message: $RATE
rc_registration: $RATE
rc_registration_token_validity: $RATE
rc_login:
  address: $RATE
  account: $RATE
  failed_attempts: $RATE
rc_joins:
  local: $RATE
  remote: $RATE
rc_joins_per_room: $RATE
rc_invites:
  per_room: $RATE
  per_user: $RATE
  per_issuer: $RATE
rc_3pid_validation: $RATE
rc_admin_redaction: $RATE
rc_media_create: $RATE
rc_room_creation: $RATE
rc_reports: $RATE
rc_delayed_event_mgmt: $RATE
rc_presence:
  per_user: $RATE
rc_federation:
  window_size: 1000
  sleep_limit: 10000
  sleep_delay: 0
  reject_limit: 10000
  concurrent: 100
YAML

# 4. Signing key, then start in the background.
"$VENV/bin/python" -m synapse.app.homeserver --config-path "$DIR/homeserver.yaml" \
    --generate-keys >"$DIR/generate.log" 2>&1 || { cat "$DIR/generate.log" >&2; fail "generating keys failed"; }
nohup "$VENV/bin/python" -m synapse.app.homeserver --config-path "$DIR/homeserver.yaml" \
    >"$DIR/stdout.log" 2>&1 </dev/null &
PID=$!
echo "$PID" > "$DIR/pid"
echo "$URL" > "$DIR/url"

# 5. Wait until the client API answers (at most 90 s).
for _ in $(seq 1 180); do
    if ! kill -0 "$PID" 2>/dev/null; then
        tail -n 30 "$DIR/stdout.log" "$DIR/homeserver.log" >&2 2>/dev/null || true
        fail "Synapse exited during start-up"
    fi
    if "$VENV/bin/python" -c "import urllib.request, sys; urllib.request.urlopen('$URL/_matrix/client/versions', timeout=2)" >/dev/null 2>&1; then
        echo "$URL"
        exit 0
    fi
    sleep 0.5
done
kill "$PID" 2>/dev/null || true
fail "Synapse did not answer on $URL within 90 s"
