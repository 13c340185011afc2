#!/usr/bin/env bash
# Create .venv (if missing) and install the project with the given extras, but only when
# something changed: a stamp records what was installed (pyproject.toml's hash and the extras).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
extras="${1-test}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.installed-$(echo "${extras:-base}" | tr ',' '-')"
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  exit 0  # already installed, nothing changed
fi
echo "Installing dependencies into .venv (once; again only when pyproject.toml changes)..." >&2
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
echo "$wanted" > "$stamp"
