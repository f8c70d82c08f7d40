#!/usr/bin/env bash
# Starts a streaming replica of the local PostgreSQL cluster (issue 24 §3; docs/scaling.md,
# "Read replicas"): `pg_basebackup` of the primary (PGHOST, default 127.0.0.1:5432) into a second
# cluster under /tmp, started hot standby on REPLICA_PORT (default 5433). Needs the PostgreSQL server
# binaries (pg_basebackup, pg_ctl) of the primary's major version, and root or the postgres user.
#
#   scripts/start-replica.sh          start it (idempotent: a replica already answering is kept);
#                                     prints `postgres://postgres@127.0.0.1:5433` on stdout, the rest on stderr
#   scripts/start-replica.sh stop     stop it and remove its data directory
#
# The primary's pg_hba.conf must let 127.0.0.1 connect for replication; when it does not, a line
# `host replication all 127.0.0.1/32 trust` is added once and the server reloaded (a trust line,
# as the local development and CI servers trust 127.0.0.1 already — not for a shared server).
set -euo pipefail

PRIMARY_HOST="${PGHOST:-127.0.0.1}"
PRIMARY_PORT="${PGPORT:-5432}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
REPLICA_DIR="${REPLICA_DIR:-/tmp/portal-replica-$REPLICA_PORT}"
SUPERUSER="${PGUSER:-postgres}"

log() { echo "start-replica: $*" >&2; }

version="$(psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$SUPERUSER" -d postgres -Atc 'SHOW server_version_num')"
major="$((version / 10000))"
bin="/usr/lib/postgresql/$major/bin"
[ -x "$bin/pg_ctl" ] || bin="$(dirname "$(command -v pg_ctl || command -v pg_basebackup)")"

# Runs a command as the postgres OS user when this is root (PostgreSQL refuses to run as root).
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

stop_replica() {
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
    as_postgres "$bin/pg_ctl" -D "$REPLICA_DIR" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$REPLICA_DIR"
}

if [ "${1:-start}" = stop ]; then
  stop_replica
  log "stopped and removed $REPLICA_DIR"
  exit 0
fi

url="postgres://$SUPERUSER@127.0.0.1:$REPLICA_PORT"
if pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q 2>/dev/null; then
  if [ "$(psql "$url/postgres" -Atc 'SELECT pg_is_in_recovery()' 2>/dev/null)" = t ]; then
    log "a replica already answers on port $REPLICA_PORT"
    echo "$url"
    exit 0
  fi
  log "port $REPLICA_PORT is taken by a server that is not a replica; set REPLICA_PORT"
  exit 1
fi

# Replication connections from 127.0.0.1 (idempotent).
allowed="$(psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$SUPERUSER" -d postgres -Atc \
  "SELECT count(*) FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND (address IS NULL OR address = '127.0.0.1') AND error IS NULL")"
if [ "$allowed" = 0 ]; then
  hba="$(psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$SUPERUSER" -d postgres -Atc 'SHOW hba_file')"
  log "adding 'host replication all 127.0.0.1/32 trust' to $hba"
  # Before the other rules: the first matching line decides.
  sed -i '1i host replication all 127.0.0.1/32 trust' "$hba"
  psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$SUPERUSER" -d postgres -qAtc 'SELECT pg_reload_conf()' >/dev/null
  sleep 1
fi

stop_replica
mkdir -p "$(dirname "$REPLICA_DIR")"
log "pg_basebackup of $PRIMARY_HOST:$PRIMARY_PORT into $REPLICA_DIR"
# -R writes standby.signal and primary_conninfo; -X stream copies the WAL written meanwhile.
as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U "$SUPERUSER" -D "$REPLICA_DIR" -R -X stream -c fast
# The primary's configuration lives in /etc on Debian; the copy needs only its own few settings.
as_postgres tee "$REPLICA_DIR/postgresql.auto.conf" </dev/null >/dev/null
as_postgres tee "$REPLICA_DIR/postgresql.conf" >/dev/null <<EOF
primary_conninfo = 'host=127.0.0.1 port=$PRIMARY_PORT user=$SUPERUSER application_name=portal_replica_$REPLICA_PORT'
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
hot_standby = on
hot_standby_feedback = on
max_connections = 100
shared_buffers = '128MB'
EOF
# Trust on 127.0.0.1 only, as the primary's local setup.
as_postgres tee "$REPLICA_DIR/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
as_postgres "$bin/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_DIR/replica.log" -w -t 60 start >/dev/null
for _ in $(seq 1 30); do
  [ "$(psql "$url/postgres" -Atc 'SELECT pg_is_in_recovery()' 2>/dev/null)" = t ] && break
  sleep 1
done
log "replica streaming on 127.0.0.1:$REPLICA_PORT"
echo "$url"
