#!/usr/bin/env bash
# Installs everything the tests need and runs them all:
#   Debian's chromium (for the browser tests), a virtualenv with the test extras,
#   ruff's lint and format check and mypy (any failing fails the run), then pytest on SQLite and on
#   PostgreSQL (GOLF_TEST_POSTGRES_URL, default the local server: user postgres,
#   database test), in two processes (pytest-xdist, each test file whole in one of
#   them). Without a PostgreSQL server those tests are skipped and the run says so,
#   unless GOLF_REQUIRE_POSTGRES=1.
# Extra arguments go to pytest, e.g. scripts/test.sh tests/golf -x; -n 0 runs them in
# this one process, -m "not slow and not browser" is the quick suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    for attempt in 1 2 3 4 5 6; do  # dpkg's lock may be held by an unattended upgrade
        if $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; then
            break
        fi
        [ "$attempt" = 6 ] && { echo "could not install chromium" >&2; exit 1; }
        sleep 10
    done
fi

python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy

# Two processes for the two cores CI has; a test file stays in one process, so a
# module's fixtures (the image's virtualenv, a fuzzed server) are made once.
workers=(-n 2 --dist loadfile)
for arg in "$@"; do
    case "$arg" in -n*|--numprocesses*|--dist*) workers=() ;; esac
done
exec .venv/bin/python -m pytest "${workers[@]}" "$@"
