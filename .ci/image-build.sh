#!/usr/bin/env bash
# Builds the Dockerfile with Docker and runs the image: the build succeeds,
# the container runs as nonroot (uid 65532) and Docker's own health status,
# from the image's HEALTHCHECK, turns "healthy"; /readyz answers from the
# published port.
#
# Docker Hub and gcr.io are not reachable from this project's machines, so
# when the base images cannot be pulled this script makes local stand-ins
# under the same names, from this machine: golang:<tag> is Debian's static
# busybox (the shell and mkdir the RUN lines use) with this machine's Go and
# CA bundle; distroless/static:nonroot is its files that the image relies on
# (passwd and group with nonroot, CA bundle, zoneinfo, /tmp). The Dockerfile
# itself is built unchanged. With no Docker engine at all it says so and
# runs .ci/image-check.sh instead, which checks the binary without Docker.
# Where there is an engine that script would only repeat this one's
# checks with a second build: the image builds its binary with the same
# RUN line; it runs as nonroot and Docker runs the same HEALTHCHECK on an
# empty /data; and the distroless image (or its stand-in) holds no C
# library or loader, so a binary that was not static would not start.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "image-build: $*"; }

# shellcheck source=apt.sh
. .ci/apt.sh

start_docker() {
  docker info >/dev/null 2>&1 && return 0
  if ! command -v dockerd >/dev/null 2>&1; then
    apt_install docker.io >/tmp/hiregraph-docker-install.log 2>&1 || return 1
  fi
  (dockerd >/tmp/hiregraph-dockerd.log 2>&1 &)
  for _ in $(seq 1 30); do
    docker info >/dev/null 2>&1 && return 0
    sleep 1
  done
  return 1
}

# base_images prints the FROM images of the Dockerfile, stage names dropped.
base_images() { grep -E '^FROM ' Dockerfile | awk '{print $2}'; }

stand_in_golang() {
  local name=$1 root
  command -v busybox >/dev/null 2>&1 || [ -x /bin/busybox ] ||
    apt_install busybox-static >/tmp/hiregraph-busybox-install.log 2>&1
  root=$(mktemp -d)
  mkdir -p "$root"/{bin,tmp,go,etc/ssl/certs,usr/local}
  chmod 1777 "$root/tmp"
  cp "$(command -v busybox || echo /bin/busybox)" "$root/bin/busybox"
  for tool in sh mkdir ls cat; do ln -s busybox "$root/bin/$tool"; done
  cp -a "$(go env GOROOT)" "$root/usr/local/go"
  # This machine's module downloads (.ci/run's first step made them): the
  # image's `go mod download` then finds the modules, and the go.mod of
  # every version in their graph, as the real image finds them on the
  # module proxy, instead of downloading all of them again.
  mkdir -p "$root/go/pkg/mod/cache"
  cp -a "$(go env GOMODCACHE)/cache/download" "$root/go/pkg/mod/cache/"
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
  tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/go/bin:/usr/local/go/bin:/bin' \
    --change 'ENV GOPATH=/go' --change 'WORKDIR /go' - "$name" >/dev/null
  rm -rf "$root"
}

stand_in_distroless() {
  local name=$1 root
  root=$(mktemp -d)
  mkdir -p "$root"/{etc/ssl/certs,tmp,home/nonroot,usr/share}
  chmod 1777 "$root/tmp"
  chown 65532:65532 "$root/home/nonroot"
  printf 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$root/etc/passwd"
  printf 'root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n' >"$root/etc/group"
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
  cp -a /usr/share/zoneinfo "$root/usr/share/"
  tar -C "$root" -c . | docker import --change 'USER 65532' --change 'WORKDIR /home/nonroot' - "$name" >/dev/null
  rm -rf "$root"
}

if ! start_docker; then
  say "WARNING: no Docker engine could be started here; the image is not built, .ci/image-check.sh checks its binary" >&2
  exec bash .ci/image-check.sh
fi

for image in $(base_images); do
  docker image inspect "$image" >/dev/null 2>&1 && continue
  timeout 60 docker pull -q "$image" >/dev/null 2>&1 && continue
  case $image in
    golang:*) say "cannot pull $image; making a stand-in from this machine's Go"; stand_in_golang "$image" ;;
    gcr.io/distroless/static*) say "cannot pull $image; making a stand-in with distroless' files"; stand_in_distroless "$image" ;;
    *) say "FATAL: cannot pull $image and have no stand-in for it" >&2; exit 1 ;;
  esac
done

tag=hiregraph:ci
name=hiregraph-image-build
port=18090
trap 'docker rm -f "$name" >/dev/null 2>&1 || true' EXIT

start=$(date +%s)
DOCKER_BUILDKIT=0 docker build --pull=false -q -t "$tag" --build-arg VERSION="$(git rev-parse --short HEAD 2>/dev/null || echo ci)" . >/dev/null
say "built $tag in $(($(date +%s) - start)) s, $(docker image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.1f MB", $1/1e6}')"

docker rm -f "$name" >/dev/null 2>&1 || true
docker run -d --name "$name" -p "127.0.0.1:$port:8080" "$tag" >/dev/null
uid=$(stat -c %u "/proc/$(docker inspect -f '{{.State.Pid}}' "$name")")
[ "$uid" = 65532 ] || { say "FATAL: the server runs as uid $uid, not nonroot (65532)" >&2; exit 1; }

# Docker runs the HEALTHCHECK every 30 s; 120 s covers its start period,
# 300 a machine whose cores the other CI steps keep busy.
for _ in $(seq 1 300); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$name")
  [ "$health" = healthy ] && break
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
  sleep 1
done
if [ "$health" != healthy ]; then
  say "FATAL: the container is $health; it said:" >&2
  docker logs "$name" >&2
  exit 1
fi
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null
say "the container is healthy, runs as uid 65532 and serves /readyz on its published port"
