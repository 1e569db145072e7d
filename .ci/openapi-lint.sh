#!/usr/bin/env bash
# Lints the OpenAPI document (served at /openapi.json, embedded from
# internal/openapi/openapi.json) with Redocly CLI and Spectral, each with its
# ruleset in internal/openapi/. Any finding fails. Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
npm install --silent --no-audit --no-fund --prefix .ci/openapi-lint >/dev/null
bin=.ci/openapi-lint/node_modules/.bin
# No telemetry or update checks: CI talks to the npm registry only.
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  "$bin/redocly" lint --config internal/openapi/redocly.yaml --format=stylish internal/openapi/openapi.json
"$bin/spectral" lint --ruleset internal/openapi/.spectral.yaml --fail-severity=hint internal/openapi/openapi.json
