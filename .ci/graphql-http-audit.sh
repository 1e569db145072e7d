#!/usr/bin/env bash
# Starts the server on a scratch SQLite database and runs the graphql-http
# audit against it. Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

npm install --silent --no-audit --no-fund --prefix .ci/graphql-http-audit >/dev/null
go build -o "$work/hiregraph" ./cmd/hiregraph
"$work/hiregraph" serve --addr 127.0.0.1:18181 --database-url "sqlite://$work/audit.db" >"$work/out.txt" 2>"$work/err.txt" &
pid=$!
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:18181/readyz >/dev/null && break; sleep 0.2; done
# serve prints the demo manifest (JSON) between a first line and the URLs.
key=$(python3 -c 'import json,sys; t=open(sys.argv[1]).read(); print(json.JSONDecoder().raw_decode(t[t.index("{"):])[0]["api_key"])' "$work/out.txt")
HIREGRAPH_API_KEY="$key" node .ci/graphql-http-audit/audit.mjs http://127.0.0.1:18181/graphql
