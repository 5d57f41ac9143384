#!/usr/bin/env bash
# Remakes the two locks of the Docker image, every package at one version with the hashes
# of its files:
# - requirements.lock: every package the image installs, resolved from the ranges of
#   pyproject.toml's [project] dependencies (no test extras);
# - requirements-build.lock: the tools that build the project's wheel in the image's
#   first stage, resolved from pyproject.toml's [build-system] requires (setuptools).
# Run it after changing those ranges; pins that still fit them are kept.
# `scripts/lock.sh --upgrade` moves every pin to the newest release within its range
# (`--upgrade-package NAME` just one).
# Resolved by the image's Python (3.11, on Linux), so markers come out as in the image.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "the lock is made with Python 3.11, the image'"'"'s")'
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check 'pip-tools>=7.6,<8'
export CUSTOM_COMPILE_COMMAND="scripts/lock.sh"
compile=(.venv/bin/pip-compile --quiet --strip-extras --generate-hashes --allow-unsafe --no-emit-index-url --no-emit-find-links)
"${compile[@]}" --output-file requirements.lock "$@" pyproject.toml
"${compile[@]}" --build-deps-for wheel --only-build-deps --output-file requirements-build.lock "$@" pyproject.toml
