#!/usr/bin/env bash
# `npm run db:replica [start|stop|status|pause|resume|kill-standby|start-standby]`: a local PostgreSQL
# streaming standby of the primary on 127.0.0.1:5432, and pgpool-II in front of the two, so the cms's
# DATABASE_REPLICA_URL (printed by `start`) can be tried and tested here. Debian's packages only:
# PostgreSQL 15 (pg_basebackup, pg_ctl) and pgpool2. Production uses managed replicas, or pgpool or
# PgBouncer in front of them (README, operations).
#
# - The standby is made by pg_basebackup -R with a replication slot, so the primary keeps the WAL it
#   has not replayed; `stop` drops the slot again (a slot left behind would keep WAL for ever).
# - pgpool sends reads to the standby (primary weight 0), checks both every second, leaves out a
#   standby more than REPLICA_LAG_BYTES behind or down (reads then go to the primary), and takes it
#   back once it streams again (auto_failback: the health check of the down node asks for it once the
#   sr_check has found backend_application_name1 streaming on the primary; at most every 5 s rather
#   than pgpool's default 60). It never promotes anything: no failover command. It keeps a session on
#   the node it chose when the session started: the cms renews its standby connections every 10 s
#   (catalogue/listing-statements.ts), so its reads follow (docs/operations.md).
# - Both run as the `postgres` user (PostgreSQL refuses root); their files are under REPLICA_DIR.
# - Several can run side by side (tests running at once): each with its own STANDBY_PORT, PGPOOL_PORT,
#   REPLICA_DIR and REPLICA_SLOT.
set -euo pipefail

PRIMARY_HOST=${PRIMARY_HOST:-127.0.0.1}
PRIMARY_PORT=${PRIMARY_PORT:-5432}
STANDBY_PORT=${STANDBY_PORT:-5442}
PGPOOL_PORT=${PGPOOL_PORT:-5443}
REPLICA_DIR=${REPLICA_DIR:-/tmp/fie-replica}
REPLICA_LAG_BYTES=${REPLICA_LAG_BYTES:-1048576}
SLOT=${REPLICA_SLOT:-fie_standby}
DATA="$REPLICA_DIR/standby"
POOL="$REPLICA_DIR/pgpool"

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bindir" ] || { echo "db:replica: PostgreSQL's programs are not installed (/usr/lib/postgresql/*/bin)" >&2; exit 1; }

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# Every client call gives up rather than wait on a server that does not answer.
export PGCONNECT_TIMEOUT=3
primary_sql() { timeout 30 psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc "$1"; }
standby_sql() { timeout 10 psql -h 127.0.0.1 -p "$STANDBY_PORT" -U postgres -d postgres -Atqc "$1"; }
pgpool_sql() { timeout 10 psql -h 127.0.0.1 -p "$PGPOOL_PORT" -U postgres -d postgres "$@"; }
standby_up() { as_postgres "$bindir/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }
pgpool_pid() { [ -f "$POOL/pgpool.pid" ] && tr -dc '0-9' <"$POOL/pgpool.pid" 2>/dev/null || true; }

wait_for() { # what, command…: up to 30 s
  local what=$1
  shift
  for _ in $(seq 1 60); do "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
  echo "db:replica: $what did not come up" >&2
  return 1
}

allow_replication() {
  # The primary must let a replication connection in from this machine; Debian's default pg_hba has none.
  local hba
  hba=$(primary_sql "show hba_file")
  # One at a time: two starts at once would both add the line.
  exec 9>>"$hba.fie-lock"
  flock 9
  if ! grep -Eq '^host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32' "$hba"; then
    echo "host replication all 127.0.0.1/32 trust" >>"$hba"
    primary_sql "select pg_reload_conf()" >/dev/null
    echo "db:replica: allowed replication from 127.0.0.1 in $hba"
  fi
  flock -u 9
  [ "$(primary_sql "show wal_level")" != minimal ] || { echo "db:replica: the primary's wal_level is minimal" >&2; exit 1; }
}

make_standby() {
  mkdir -p "$REPLICA_DIR"
  chown postgres: "$REPLICA_DIR" 2>/dev/null || true
  if [ ! -f "$DATA/PG_VERSION" ]; then
    rm -rf "$DATA"
    primary_sql "select pg_drop_replication_slot('$SLOT') from pg_replication_slots where slot_name = '$SLOT'" >/dev/null
    as_postgres "$bindir/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$DATA" \
      -R -X stream -C -S "$SLOT" --checkpoint=fast
    # Debian keeps the server's settings out of the data folder: the standby gets its own.
    as_postgres tee "$DATA/postgresql.conf" >/dev/null <<EOF
port = $STANDBY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$REPLICA_DIR'
hot_standby = on
# Long listing reads are not cancelled by replay of what the primary vacuumed meanwhile.
hot_standby_feedback = on
max_connections = 100
shared_buffers = 64MB
wal_receiver_status_interval = 1s
primary_conninfo = 'host=$PRIMARY_HOST port=$PRIMARY_PORT user=postgres application_name=$SLOT'
primary_slot_name = '$SLOT'
EOF
    printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' | as_postgres tee "$DATA/pg_hba.conf" >/dev/null
    # pg_basebackup -R's own primary_conninfo (without the application name pgpool matches) is dropped.
    as_postgres sed -i '/^primary_conninfo/d' "$DATA/postgresql.auto.conf"
  fi
}

start_standby() {
  standby_up || as_postgres "$bindir/pg_ctl" -D "$DATA" -l "$REPLICA_DIR/standby.log" -w -t 60 start >/dev/null
  wait_for "the standby" standby_sql "select 1"
}

start_pgpool() {
  mkdir -p "$POOL"
  chown postgres: "$POOL" 2>/dev/null || true
  as_postgres tee "$POOL/pgpool.conf" >/dev/null <<EOF
backend_clustering_mode = 'streaming_replication'
listen_addresses = '127.0.0.1'
port = $PGPOOL_PORT
socket_dir = '$POOL'
pcp_listen_addresses = ''
pcp_socket_dir = '$POOL'
pid_file_name = '$POOL/pgpool.pid'
logdir = '$POOL'
pool_passwd = ''
enable_pool_hba = off
num_init_children = 48
max_pool = 2
backend_hostname0 = '$PRIMARY_HOST'
backend_port0 = $PRIMARY_PORT
backend_weight0 = 0
backend_flag0 = 'DISALLOW_TO_FAILOVER'
backend_hostname1 = '127.0.0.1'
backend_port1 = $STANDBY_PORT
backend_weight1 = 1
backend_flag1 = 'ALLOW_TO_FAILOVER'
backend_application_name1 = '$SLOT'
load_balance_mode = on
sr_check_period = 1
sr_check_user = 'postgres'
sr_check_database = 'postgres'
delay_threshold = $REPLICA_LAG_BYTES
health_check_period = 1
health_check_timeout = 2
health_check_user = 'postgres'
health_check_database = 'postgres'
health_check_max_retries = 0
failover_command = ''
failover_on_backend_error = on
auto_failback = on
auto_failback_interval = 5
log_min_messages = warning
EOF
  : | as_postgres tee "$POOL/pcp.conf" >/dev/null
  if [ -z "$(pgpool_pid)" ] || ! kill -0 "$(pgpool_pid)" 2>/dev/null; then
    # -n: in the foreground of its own session (setsid), logging to a file; -D: forget the node states
    # an earlier run left in pgpool_status.
    as_postgres setsid /usr/sbin/pgpool -n -D -f "$POOL/pgpool.conf" -F "$POOL/pcp.conf" \
      >"$REPLICA_DIR/pgpool.log" 2>&1 </dev/null &
  fi
  wait_for "pgpool" pgpool_sql -Atqc "select 1"
}

stop_all() {
  local pid
  pid=$(pgpool_pid)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    # pgpool leads its own session (setsid): a child still waiting on a killed standby would keep the
    # port, so whatever is left of the session goes too.
    pkill -KILL -s "$pid" 2>/dev/null || true
  fi
  if [ -f "$DATA/PG_VERSION" ] && standby_up; then as_postgres "$bindir/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; fi
  primary_sql "select pg_drop_replication_slot('$SLOT') from pg_replication_slots where slot_name = '$SLOT' and not active" >/dev/null || true
  rm -rf "$REPLICA_DIR"
}

case "${1:-start}" in
  start)
    command -v /usr/sbin/pgpool >/dev/null || { echo "db:replica: pgpool-II is not installed (apt-get install -y pgpool2)" >&2; exit 1; }
    allow_replication
    make_standby
    start_standby
    start_pgpool
    echo "db:replica: standby on 127.0.0.1:$STANDBY_PORT, pgpool on 127.0.0.1:$PGPOOL_PORT"
    echo "DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:$PGPOOL_PORT/<the primary's database>"
    ;;
  stop) stop_all ;;
  status)
    echo "standby: $(standby_up && echo "up, replay lag $(standby_sql "select coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)") s" || echo down)"
    pgpool_sql -c "show pool_nodes" 2>/dev/null || echo "pgpool: down"
    ;;
  # For tests: the standby stopped at once (as a crash), started again, and its replay paused/resumed.
  kill-standby) as_postgres "$bindir/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null ;;
  start-standby) start_standby ;;
  pause) standby_sql "select pg_wal_replay_pause()" >/dev/null ;;
  resume) standby_sql "select pg_wal_replay_resume()" >/dev/null ;;
  *)
    echo "usage: npm run db:replica -- [start|stop|status|pause|resume|kill-standby|start-standby]" >&2
    exit 2
    ;;
esac
