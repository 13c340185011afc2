#!/usr/bin/env bash
# Install the playground extras, then run the real bot against SimCord's simulated Discord.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh "test,playground"
exec .venv/bin/python -m playground "$@"
