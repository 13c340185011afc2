#!/usr/bin/env bash
# Install what the tests need into .venv, then run the whole test suite.
#   scripts/test.sh [pytest args]          everything, spread over every core (pytest-xdist)
#   scripts/test.sh --quick [pytest args]  the quick suite: engine, service, render, the
#                                          per-game contract tests, the games' own cases of
#                                          the shared checks (tests/games) and the top-level
#                                          checks; no SimCord behaviour tests, no long random games,
#                                          spread over every core (pytest-xdist)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh test
if [ "${1-}" = "--quick" ]; then
  shift
  exec .venv/bin/python -m pytest tests/engine tests/service tests/render tests/contract tests/games tests/tournaments tests/ratings tests/test_*.py \
    -m "not slow and not behaviour" -n auto "$@"
fi
exec .venv/bin/python -m pytest -n auto "$@"
