#!/usr/bin/env bash
# Install what the bot needs into .venv, then run it (reads .env).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh ""
exec .venv/bin/python bot.py "$@"
