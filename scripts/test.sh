#!/usr/bin/env bash
# Install what the tests need into .venv, then run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh test
exec .venv/bin/python -m pytest "$@"
