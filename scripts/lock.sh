#!/usr/bin/env bash
# Remakes requirements.lock: every package the Docker image installs, at one version,
# with the hashes of its files, resolved from the ranges of pyproject.toml's
# [project] dependencies (no test extras). Run it after changing those ranges; pins that
# still fit them are kept. `scripts/lock.sh --upgrade` moves every pin to the newest
# release within its range (`--upgrade-package NAME` just one).
# Resolved by the image's Python (3.11, on Linux), so markers come out as in the image.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "the lock is made with Python 3.11, the image'"'"'s")'
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check 'pip-tools>=7.6,<8'
CUSTOM_COMPILE_COMMAND="scripts/lock.sh" exec .venv/bin/pip-compile --quiet --strip-extras --generate-hashes \
    --allow-unsafe --no-emit-index-url --no-emit-find-links --output-file requirements.lock "$@" pyproject.toml
