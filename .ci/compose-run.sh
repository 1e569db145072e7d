#!/usr/bin/env bash
# Runs compose.yaml as a user would (docker compose up) and checks that the
# service it starts works on the postgres service it starts: hiregraph turns
# healthy, /readyz answers on the published port, its tables are in the
# hiregraph schema of that database with its demo company, and the API key
# its first start printed lists candidates.
#
# It reuses the image .ci/image-build.sh built (run that first). postgres:17
# cannot be pulled here either, so when the pull fails the stand-in is this
# machine's PostgreSQL (its binaries and the libraries they load, whatever
# its version) with an entrypoint that does what the official image's does
# with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB. compose.yaml itself
# is used unchanged but for an override naming the built image.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "compose-run: $*"; }

# shellcheck source=apt.sh
. .ci/apt.sh

if ! docker info >/dev/null 2>&1; then
  say "WARNING: no Docker engine here; compose.yaml is not run" >&2
  exit 0
fi
if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then
  if ! apt_install docker-compose >/tmp/hiregraph-compose-install.log 2>&1; then
    say "WARNING: no docker compose here and Debian's docker-compose did not install; compose.yaml is not run" >&2
    exit 0
  fi
fi
compose() {
  if docker compose version >/dev/null 2>&1; then
    docker compose "$@"
  else
    docker-compose "$@"
  fi
}

# stand_in_postgres makes image $1 from this machine's newest PostgreSQL.
stand_in_postgres() {
  local name=$1 lib share bin root
  lib=$(ls -d /usr/lib/postgresql/* | sort -V | tail -1)
  share=/usr/share/postgresql/$(basename "$lib")
  bin=$lib/bin
  root=$(mktemp -d)
  mkdir -p "$root"/{bin,tmp,etc,usr/share,usr/local/bin,var/run/postgresql,var/lib/postgresql/data}
  chmod 1777 "$root/tmp"
  cp "$(command -v busybox || echo /bin/busybox)" "$root/bin/busybox"
  for tool in sh cat rm; do ln -s busybox "$root/bin/$tool"; done
  tar -C / -c "${lib#/}" "${share#/}" usr/share/zoneinfo | tar -C "$root" -x
  # The shared libraries the binaries and server modules load, and the
  # loader, each under the path it was found at (symbolic links followed).
  for f in "$bin"/* "$lib"/lib/*.so; do ldd "$f" 2>/dev/null || true; done |
    awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}' | sort -u | sed 's|^/||' |
    tar -C / -ch -T - | tar -C "$root" -x
  printf 'root:x:0:0:root:/root:/bin/sh\npostgres:x:999:999:postgres:/var/lib/postgresql:/bin/sh\n' >"$root/etc/passwd"
  printf 'root:x:0:\npostgres:x:999:\n' >"$root/etc/group"
  chown -R 999:999 "$root/var/run/postgresql" "$root/var/lib/postgresql"
  chmod 700 "$root/var/lib/postgresql/data"
  cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
# The official image's first start: a cluster owned by POSTGRES_USER with
# POSTGRES_PASSWORD, password logins over TCP, and the database POSTGRES_DB.
set -e
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pwfile -E UTF8 --no-locale \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  [ "$POSTGRES_DB" = postgres ] || createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
EOF
  chmod 755 "$root/usr/local/bin/docker-entrypoint.sh"
  tar -C "$root" -c . | docker import \
    --change "ENV PATH=$bin:/bin" --change 'ENV PGDATA=/var/lib/postgresql/data' \
    --change 'USER 999' --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' - "$name" >/dev/null
  rm -rf "$root"
}

built=hiregraph:ci
docker image inspect "$built" >/dev/null 2>&1 || { say "FATAL: run .ci/image-build.sh first: no image $built" >&2; exit 1; }
pg_image=$(awk '$1 == "image:" && $2 ~ /^postgres:/ {print $2; exit}' compose.yaml)
if ! docker image inspect "$pg_image" >/dev/null 2>&1 && ! timeout 60 docker pull -q "$pg_image" >/dev/null 2>&1; then
  say "cannot pull $pg_image; making a stand-in from this machine's PostgreSQL"
  stand_in_postgres "$pg_image"
fi

project=hiregraphci
override=$(mktemp --suffix=.yaml)
printf 'services:\n  hiregraph:\n    image: %s\n' "$built" >"$override"
export HIREGRAPH_SECRET_KEY HIREGRAPH_PORT=18091 HIREGRAPH_PUBLIC_URL=http://127.0.0.1:18091
HIREGRAPH_SECRET_KEY=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
run() { compose -p "$project" -f compose.yaml -f "$override" "$@"; }
cleanup() {
  run down -v >/dev/null 2>&1 || true
  rm -f "$override"
}
trap cleanup EXIT

run up -d --no-build >/dev/null 2>&1 || { run logs >&2; say "FATAL: docker compose up failed" >&2; exit 1; }
app=$(run ps -q hiregraph)
health=starting
# As long as image-build.sh waits: other CI steps share the cores.
for _ in $(seq 1 300); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$app")
  [ "$health" = healthy ] && break
  sleep 1
done
if [ "$health" != healthy ]; then
  say "FATAL: the hiregraph service is $health; the services said:" >&2
  run logs >&2
  exit 1
fi
curl -fsS "http://127.0.0.1:$HIREGRAPH_PORT/readyz" >/dev/null
psql() { run exec -T postgres psql -U hiregraph -d hiregraph -tAc "$1"; }
tables=$(psql "select count(*) from information_schema.tables where table_schema = 'hiregraph'")
companies=$(psql "select count(*) from hiregraph.companies")
if [ "$tables" -lt 20 ] || [ "$companies" -lt 1 ]; then
  say "FATAL: the postgres service holds $tables hiregraph tables and $companies companies" >&2
  exit 1
fi
# A newcomer's first call: the key the first start printed lists the demo
# company's candidates.
key=$(run logs --no-color hiregraph | grep -o '"api_key": "[^"]*"' | head -1 | cut -d'"' -f4)
[ -n "$key" ] || { say "FATAL: the first start printed no API key" >&2; run logs >&2; exit 1; }
curl -fsS -H "Authorization: Bearer $key" "http://127.0.0.1:$HIREGRAPH_PORT/v1/candidates?limit=1" | grep -q '"candidates"' ||
  { say "FATAL: the printed API key does not list candidates" >&2; exit 1; }
say "hiregraph is healthy on PostgreSQL ($tables tables in schema hiregraph, $companies company), serves /readyz on port $HIREGRAPH_PORT, and its printed key lists candidates"
