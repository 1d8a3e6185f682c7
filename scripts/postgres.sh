# A throw-away PostgreSQL server for the tests, sourced by scripts/test
# (or by hand: `source scripts/postgres.sh && start_test_postgres`).
#
# start_test_postgres installs the server from the distribution's packages
# when it is missing (Debian/Ubuntu, as root), creates a cluster in a
# temporary directory (initdb), starts it on 127.0.0.1 on a free port and
# exports CAIRN_TEST_POSTGRES=postgres://cairn:<password>@127.0.0.1:<port>/postgres.
# The server is stopped by its PID and the directory removed on exit.
# Without PostgreSQL it prints one line and the PostgreSQL tests skip.
# initdb and postgres refuse to run as root: as root they run as `nobody`.

find_pg_bin() {
  local tool=$1 dir
  if command -v "$tool" >/dev/null 2>&1; then
    command -v "$tool"
    return 0
  fi
  for dir in /usr/lib/postgresql/*/bin; do
    if [ -x "$dir/$tool" ]; then
      echo "$dir/$tool"
      return 0
    fi
  done
  return 1
}

stop_test_postgres() {
  # A restart in a background job (restart_test_postgres) changed the
  # server's PID without telling this shell: the data directory knows it.
  if [ -n "${CAIRN_PG_DIR:-}" ] && [ -r "$CAIRN_PG_DIR/data/postmaster.pid" ]; then
    CAIRN_PG_PID=$(head -n 1 "$CAIRN_PG_DIR/data/postmaster.pid")
  fi
  if [ -n "${CAIRN_PG_PID:-}" ]; then
    kill -TERM "$CAIRN_PG_PID" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$CAIRN_PG_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$CAIRN_PG_PID" 2>/dev/null || true
    CAIRN_PG_PID=
  fi
  if [ -n "${CAIRN_PG_DIR:-}" ]; then
    rm -rf "$CAIRN_PG_DIR"
    CAIRN_PG_DIR=
  fi
}

start_test_postgres() {
  local initdb postgres as_user=() port password
  if ! initdb=$(find_pg_bin initdb) && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing PostgreSQL (apt-get install postgresql)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null 2>&1; } \
      || true
  fi
  if ! initdb=$(find_pg_bin initdb) || ! postgres=$(find_pg_bin postgres); then
    echo "note: PostgreSQL is not installed (no initdb/postgres): the PostgreSQL tests will skip"
    return 0
  fi
  CAIRN_PG_DIR=$(mktemp -d /tmp/cairn-pg.XXXXXX)
  if [ "$(id -u)" = 0 ]; then
    chown nobody "$CAIRN_PG_DIR"
    as_user=(runuser -u nobody --)
  fi
  password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
  printf '%s\n' "$password" >"$CAIRN_PG_DIR/pw"
  chmod 600 "$CAIRN_PG_DIR/pw"
  [ "$(id -u)" = 0 ] && chown nobody "$CAIRN_PG_DIR/pw"
  if ! ${as_user[@]+"${as_user[@]}"} "$initdb" -D "$CAIRN_PG_DIR/data" -U cairn --pwfile="$CAIRN_PG_DIR/pw" \
      --auth-local=trust --auth-host=scram-sha-256 >"$CAIRN_PG_DIR/initdb.log" 2>&1; then
    echo "note: initdb failed (see below): the PostgreSQL tests will skip"
    cat "$CAIRN_PG_DIR/initdb.log"
    stop_test_postgres
    return 0
  fi
  # A free port: the first one nothing answers on.
  for port in $(shuf -i 20000-60000 -n 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
  done
  CAIRN_PG_SERVER=(${as_user[@]+"${as_user[@]}"} "$postgres" -D "$CAIRN_PG_DIR/data" -c listen_addresses=127.0.0.1 -p "$port"
    -c unix_socket_directories="$CAIRN_PG_DIR" -c max_connections=200)
  CAIRN_PG_PORT=$port
  "${CAIRN_PG_SERVER[@]}" >"$CAIRN_PG_DIR/server.log" 2>&1 &
  CAIRN_PG_PID=$!
  trap stop_test_postgres EXIT
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      export CAIRN_TEST_POSTGRES="postgres://cairn:$password@127.0.0.1:$port/postgres"
      echo "== PostgreSQL $("$postgres" --version | awk '{print $3}') for the tests on 127.0.0.1:$port (pid $CAIRN_PG_PID)"
      return 0
    fi
    if ! kill -0 "$CAIRN_PG_PID" 2>/dev/null; then
      break
    fi
    sleep 0.1
  done
  echo "note: the PostgreSQL test server did not start (log below): the PostgreSQL tests will skip"
  cat "$CAIRN_PG_DIR/server.log"
  stop_test_postgres
  return 0
}

# restart_test_postgres stops the server started by start_test_postgres
# with a fast shutdown (SIGINT: open transactions are rolled back, clients
# disconnected) and starts it again on the same data and port. Prints how
# long the server was away.
restart_test_postgres() {
  local began ended postmaster
  [ -n "${CAIRN_PG_DIR:-}" ] || return 1
  # The postmaster itself (as root the server runs under runuser, which
  # does not pass signals on).
  postmaster=$(head -n 1 "$CAIRN_PG_DIR/data/postmaster.pid")
  began=$(date +%s.%N)
  kill -INT "$postmaster" 2>/dev/null || true
  for _ in $(seq 1 200); do
    kill -0 "$postmaster" 2>/dev/null || break
    sleep 0.05
  done
  "${CAIRN_PG_SERVER[@]}" >>"$CAIRN_PG_DIR/server.log" 2>&1 &
  CAIRN_PG_PID=$!
  for _ in $(seq 1 200); do
    (exec 3<>"/dev/tcp/127.0.0.1/$CAIRN_PG_PORT") 2>/dev/null && break
    sleep 0.05
  done
  ended=$(date +%s.%N)
  echo "== PostgreSQL restarted (fast shutdown, then start): away $(awk "BEGIN { printf \"%.2f\", $ended - $began }") s"
}
