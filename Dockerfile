# Hiregraph server image: a static binary (pure-Go SQLite, no cgo) on
# distroless, running as a non-root user. Build: docker build -t hiregraph .
# The go.mod toolchain line decides the Go version; keep this tag in step.
FROM golang:1.26-bookworm AS build
WORKDIR /src
# Modules first, so code changes do not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# The image is what deployments on several machines run, so it has the
# object-storage drivers (HIREGRAPH_FILES_URL=s3://… or gs://…) that a
# plain go build leaves out (docs/building.md).
RUN CGO_ENABLED=0 go build -trimpath -tags s3,gcs -ldflags "-s -w -X main.version=${VERSION}" -o /out/hiregraph ./cmd/hiregraph \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/hiregraph /usr/local/bin/hiregraph
# The embedded SQLite database and its key live in /data unless
# HIREGRAPH_DATABASE_URL names a PostgreSQL.
COPY --from=build --chown=nonroot:nonroot /out/data /data
USER nonroot:nonroot
# Relative paths (a key file beside a PostgreSQL URL) land in the volume.
WORKDIR /data
ENV HIREGRAPH_ADDR=:8080 \
    HIREGRAPH_DATABASE_URL=sqlite:///data/hiregraph.db
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["/usr/local/bin/hiregraph", "healthcheck", "--url", "http://127.0.0.1:8080/readyz"]
ENTRYPOINT ["/usr/local/bin/hiregraph"]
CMD ["serve"]
