#!/usr/bin/env bash
# Create .venv (if missing) and install the project with the given extras.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
extras="${1-test}"
.venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
