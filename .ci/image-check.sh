#!/usr/bin/env bash
# Checks what the Dockerfile promises without a Docker engine (CI machines
# run none, and no image registry is reachable from them): its build
# command, taken from the Dockerfile itself, gives a static binary; that
# binary serves as the image's non-root user (uid 65532, distroless'
# "nonroot") from an empty directory it owns, with the image's environment;
# and the image's HEALTHCHECK command, taken from the Dockerfile too, reports
# it ready. What this cannot check: the base images themselves.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
chmod 755 "$work"

# The RUN line that builds, without its continuation (mkdir /out/data).
build=$(grep -E '^RUN CGO_ENABLED=0 go build' Dockerfile | sed -e 's/^RUN //' -e 's/ *\\$//')
[ -n "$build" ] || { echo "FATAL: no 'RUN CGO_ENABLED=0 go build' line in Dockerfile" >&2; exit 1; }
build=${build//\/out\//$work/out/}
build=${build//\$\{VERSION\}/image-check}
echo "+ $build"
eval "$build"
bin="$work/out/hiregraph"

if ! file "$bin" | grep -q 'statically linked'; then
  echo "FATAL: the image's binary is not static: $(file "$bin")" >&2
  exit 1
fi

# The runtime stage: /data owned by nonroot, the image's ENV (its /data
# moved under $work), the binary started as nonroot with nothing else.
data="$work/data"
mkdir -p "$data" && chown 65532:65532 "$data"
mapfile -t image_env < <(sed -n '/^ENV /,/[^\\]$/p' Dockerfile | sed -e 's/^ENV //' -e 's/ *\\$//' -e 's/^ *//' | tr ' ' '\n' | grep '=')
port=18089
env_args=()
for kv in "${image_env[@]}"; do
  kv=${kv//\/data/$data}
  [[ $kv == HIREGRAPH_ADDR=* ]] && kv="HIREGRAPH_ADDR=127.0.0.1:$port"
  env_args+=("$kv")
done
echo "+ as uid 65532 in $data: ${env_args[*]} hiregraph serve"
(cd "$data" && exec setpriv --reuid=65532 --regid=65532 --clear-groups \
  env -i "${env_args[@]}" "$bin" serve >"$work/serve.log" 2>&1) &
server=$!

# HEALTHCHECK CMD ["…", "…"] as the argument list it is, on the test port.
mapfile -t check < <(grep -E '^ *CMD \[.*healthcheck' Dockerfile | sed -e 's/^ *CMD \[//' -e 's/\]$//' | tr ',' '\n' | sed -e 's/^ *"//' -e 's/"$//')
[ "${#check[@]}" -gt 1 ] || { echo "FATAL: no HEALTHCHECK CMD in Dockerfile" >&2; exit 1; }
check[0]=$bin
check=("${check[@]//127.0.0.1:8080/127.0.0.1:$port}")
for _ in $(seq 1 60); do
  if setpriv --reuid=65532 --regid=65532 --clear-groups "${check[@]}" >/dev/null 2>&1; then
    echo "the image's healthcheck passes for a non-root server on an empty /data"
    ls -l "$data"
    exit 0
  fi
  kill -0 "$server" 2>/dev/null || break
  sleep 1
done
echo "FATAL: the healthcheck never passed; the server said:" >&2
cat "$work/serve.log" >&2
exit 1
