#!/bin/bash
# Serves one copy of a PostgreSQL database that `hiregraph bench` seeded
# with hiregraph serve, then with PostGraphile 4 or 5, one at a time, and
# loads both with the bench's two GraphQL reads (docs/benchmarks.md,
# "Against PostGraphile" and "PostGraphile 5").
#
#   internal/bench/postgraphile.sh bench100k      # the seeded database's name; PostGraphile 4
#   internal/bench/postgraphile.sh bench100k 5    # PostGraphile 5
#
# Needs Linux (the CPU times come from /proc), psql, Node.js with npm and
# the Go toolchain; PostgreSQL on 127.0.0.1:5432 with trust auth. The copy
# (pgl_<name>) is dropped and made again on each run.
set -euo pipefail
source_db=${1:?the name of a database hiregraph bench seeded}
version=${2:-4}
db=pgl_$source_db
url="postgres://postgres@127.0.0.1:5432/$db?sslmode=disable"
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
psql() { command psql -q -At -h 127.0.0.1 -U postgres "$@"; }
# A server still listening on either port would be loaded in place of ours.
for port in 18080 15000; do
	if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
		echo "127.0.0.1:$port is taken: stop the server listening there" >&2
		exit 1
	fi
done

go build -tags bench -o "$work/hiregraph" ./cmd/hiregraph
GOBIN=$work go install github.com/rakyll/hey@v0.1.5
case $version in
4) packages="postgraphile@4.14.1 @graphile-contrib/pg-simplify-inflector@6.1.0" ;;
# Version 5 needs Node.js 22 (its packages' engines say so): on Node 20
# @dataplan/pg calls the missing Promise.withResolvers and every connection
# answers a masked "Cannot read properties of undefined (reading 'items')".
# The node package ships that Node.js, which the PATH below puts first.
5) packages="postgraphile@5.1.5 @graphile/simplify-inflection@9.0.0 node@22.23.3" ;;
*) echo "PostGraphile $version: give 4 or 5" >&2; exit 2 ;;
esac
(cd "$work" && npm install --silent --no-audit --no-fund $packages)
# PostGraphile runs from here, not through npx: killing npx would leave its
# server running, holding the port for the next run.
export PATH="$work/node_modules/.bin:$PATH"

psql -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db TEMPLATE $source_db"
# PostGraphile's per-parent subqueries filter by the parent alone, which
# none of Hiregraph's (company, parent, ...) indexes lead with; without
# these it answers the nested read at a few requests a second. The bench's
# API keys are sealed with a key of its own, so they go: one is made below.
psql -d "$db" -c "SET search_path = hiregraph" \
	-c "CREATE INDEX ON candidates (position_id, id)" \
	-c "CREATE INDEX ON openings (position_id, id)" \
	-c "CREATE INDEX ON candidates (company_id, id)" \
	-c "DELETE FROM api_keys" -c "ANALYZE"
company=$(psql -d "$db" -c "SELECT id FROM hiregraph.companies ORDER BY id LIMIT 1")
export HIREGRAPH_SECRET_KEY=$(openssl rand -hex 32)
key=$("$work/hiregraph" apikey create --database-url "$url" --company="$company" | grep -o 'hgk_[A-Za-z0-9_-]*' | head -1)

nested='{ positions(first: 20) { edges { node { id name openings(first: 5) { edges { node { id name } } } candidates(first: 10) { edges { node { id status person { firstName } } } } } } } }'
flat='{ candidates(first: 100) { edges { node { id status timeCreated } } } }'
# Version 5 orders by the primary key only under that name, and its id is
# the global node id: the column, which the other two answer, is rowId.
order=ID_ASC
pgl_id=id
[ "$version" = 4 ] || { order=PRIMARY_KEY_ASC; pgl_id=rowId; }
scope="condition: {companyId: \\\"$company\\\"}, orderBy: $order"
printf '{"query":"%s"}' "$nested" >"$work/hiregraph-nested.json"
printf '{"query":"%s"}' "$flat" >"$work/hiregraph-flat.json"
printf '{"query":"%s"}' "${nested/positions(first: 20)/positions(first: 20, $scope)}" >"$work/postgraphile-nested.json"
printf '{"query":"%s"}' "${flat/candidates(first: 100)/candidates(first: 100, $scope)}" >"$work/postgraphile-flat.json"
sed -i "s/openings(first: 5)/openings(first: 5, orderBy: $order)/; s/candidates(first: 10)/candidates(first: 10, orderBy: $order)/" "$work/postgraphile-nested.json"
sed -i "s/{ id /{ $pgl_id /g" "$work/postgraphile-nested.json" "$work/postgraphile-flat.json"

# cpu_ms PID...: the CPU time each process has used so far, "PID MS" a line.
# (The command name, in parentheses, may hold spaces: the fields after it count.)
cpu_ms() {
	local p
	for p; do
		if [ -r "/proc/$p/stat" ]; then
			sed 's/.*) //' "/proc/$p/stat" | awk -v p="$p" -v hz="$(getconf CLK_TCK)" '{print p, ($12 + $13) * 1000 / hz}'
		fi
	done
}
backends() { psql -c "SELECT pid FROM pg_stat_activity WHERE datname = '$db'"; }

# load SERVER READ URL [HEADER]: 3 s of warm-up, then 10 s at c1 and c8 of
# the server whose process is $server. Beside req/s, the CPU time a request
# took in that process and in the PostgreSQL backends serving the copy: the
# machine is shared, and CPU time moves less with its load than req/s does.
# The load average after each says which figures can be set side by side.
load() {
	local before out used
	for c in 1 8; do
		"$work/hey" -z 3s -c "$c" -m POST -T application/json ${4:+-H "$4"} -D "$work/$1-$2.json" "$3" >/dev/null
		before=$(cpu_ms "$server" $(backends))
		out=$("$work/hey" -z 10s -c "$c" -m POST -T application/json ${4:+-H "$4"} -D "$work/$1-$2.json" "$3")
		# A backend that started during the run counts whole, one that ended not at all.
		used=$(awk -v s="$server" -v n="$(awk '/^[[:space:]]+\[[0-9]+\]/ {n += $2} END {print n}' <<<"$out")" \
			'NR == FNR {b[$1] = $2; next} {d = $2 - b[$1]; if ($1 == s) srv += d; else db += d}
			END {printf "CPU/req %.2f ms + PostgreSQL %.2f ms", srv / n, db / n}' \
			<(echo "$before") <(cpu_ms "$server" $(backends)))
		printf '%-12s %-6s c%d: %8s req/s, p50 %s s, %s, %s load %s\n' "$1" "$2" "$c" \
			"$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '/50%/ {print $3}' <<<"$out")" "$used" \
			"$(grep -E '^\s+\[[0-9]+\]' <<<"$out" | tr -s ' \t' ' ' | tr '\n' ';')" "$(cut -d' ' -f1 /proc/loadavg)"
	done
}
# (head would cut curl off mid-answer, which pipefail makes an error.)
first_rows() {
	local out
	for read in flat nested; do
		out=$(curl -s -X POST -H 'Content-Type: application/json' ${2:+-H "$2"} --data @"$work/$1-$read.json" "$3")
		echo "${out:0:160}"
		if [[ $out != '{"data":'* || $out == *'"errors":'* ]]; then
			echo "$1 answers the $read read with an error: not loading it" >&2
			exit 1
		fi
	done
}

"$work/hiregraph" serve --database-url "$url" --addr 127.0.0.1:18080 --api-rate 100000000 --api-burst 10000000 >"$work/hiregraph.log" 2>&1 &
server=$!
sleep 3
first_rows hiregraph "Authorization: Bearer $key" http://127.0.0.1:18080/graphql
load hiregraph nested http://127.0.0.1:18080/graphql "Authorization: Bearer $key"
load hiregraph flat http://127.0.0.1:18080/graphql "Authorization: Bearer $key"
kill %1 && wait %1 2>/dev/null || true

if [ "$version" = 4 ]; then
	(cd "$work" && NODE_ENV=production exec postgraphile -c "$url" -s hiregraph --append-plugins @graphile-contrib/pg-simplify-inflector \
		--disable-default-mutations --disable-query-log --host 127.0.0.1 --port 15000) >"$work/postgraphile.log" 2>&1 &
else
	# Version 5 as version 4 runs above: the Amber preset with the
	# simplified names, no mutations, no explain, on loopback.
	cat >"$work/graphile.config.mjs" <<EOF
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { PgSimplifyInflectionPreset } from "@graphile/simplify-inflection";
import { makePgService } from "postgraphile/adaptors/pg";
export default {
  extends: [PostGraphileAmberPreset, PgSimplifyInflectionPreset],
  disablePlugins: ["PgMutationCreatePlugin", "PgMutationUpdateDeletePlugin"],
  pgServices: [makePgService({ connectionString: "$url", schemas: ["hiregraph"] })],
  grafserv: { host: "127.0.0.1", port: 15000 },
  grafast: { explain: false },
};
EOF
	(cd "$work" && NODE_ENV=production exec postgraphile -C graphile.config.mjs) >"$work/postgraphile.log" 2>&1 &
fi
server=$!
sleep 8
first_rows postgraphile "" http://127.0.0.1:15000/graphql
load postgraphile nested http://127.0.0.1:15000/graphql
load postgraphile flat http://127.0.0.1:15000/graphql
