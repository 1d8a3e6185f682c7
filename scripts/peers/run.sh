#!/usr/bin/env sh
# Python reference perft and Ludii playouts against cairn, in one run.
# Usage: scripts/peers/run.sh [--ludii-src DIR] [--quick] ...  (see run.py)
set -eu
cd "$(dirname "$0")/../.."
exec python3 scripts/peers/run.py "$@"
