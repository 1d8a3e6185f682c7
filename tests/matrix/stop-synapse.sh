#!/usr/bin/env bash
# Stop the homeserver started by start-synapse.sh DIR (by the PID it wrote).
set -uo pipefail
DIR="${1:?usage: stop-synapse.sh DIR}"
[ -f "$DIR/pid" ] || exit 0
PID="$(cat "$DIR/pid")"
kill "$PID" 2>/dev/null || exit 0
for _ in $(seq 1 50); do
    kill -0 "$PID" 2>/dev/null || exit 0
    sleep 0.2
done
kill -9 "$PID" 2>/dev/null || true
