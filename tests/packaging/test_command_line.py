"""``python -m app``'s command line: --help says how to run the game and every setting it
reads, a bad argument is refused in one line, and --host, --port and --data-dir are used."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx

from app.settings import Settings
from bench.servers import free_port


def run_app(*arguments: str, cwd, timeout: float = 60, **env: str) -> subprocess.CompletedProcess:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("GOLF_")}
    return subprocess.run(
        [sys.executable, "-m", "app", *arguments],
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_help_prints_the_usage_and_every_setting_then_exits(tmp_path):
    shown = run_app("--help", cwd=tmp_path)
    assert shown.returncode == 0
    assert shown.stderr == ""
    assert shown.stdout.startswith("usage: python -m app [-h] [--host HOST] [--port PORT] [--data-dir FOLDER]")
    for option in ("--host", "--port", "--data-dir"):
        assert option in shown.stdout
    for name, field in Settings.model_fields.items():
        assert f"GOLF_{name.upper()}  [default: " in shown.stdout
        assert field.description, f"the setting {name} has no description for --help"
    assert "GOLF_RATE_LIMIT_HINTS  [default: 30/minute]" in shown.stdout
    assert "python -m app admin COMMAND (accounts, rename, suspend" in shown.stdout  # the host's commands
    assert not (tmp_path / "golf.sqlite3").exists()  # nothing was started or made


def test_a_bad_argument_is_refused_in_one_line(tmp_path):
    for arguments, said in [
        (("--port", "eighty"), "argument --port: a port is a number from 1 to 65535, not 'eighty'"),
        (("--port", "70000"), "argument --port: a port is a number from 1 to 65535, not '70000'"),
        (("--colour", "red"), "unrecognized arguments: --colour red"),
        (("serve",), "unrecognized arguments: serve"),
    ]:
        refused = run_app(*arguments, cwd=tmp_path)
        assert refused.returncode == 2
        assert refused.stdout == ""
        assert refused.stderr == f"python -m app: {said} (see python -m app --help)\n"


def test_a_port_from_the_environment_is_checked_as_the_argument_is(tmp_path):
    refused = run_app(cwd=tmp_path, GOLF_PORT="http")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert "a port is a number from 1 to 65535, not 'http'" in refused.stderr


def test_the_server_listens_where_it_is_told_and_keeps_its_database_in_the_data_folder(tmp_path):
    port = free_port()
    data = tmp_path / "golf-data"
    clean = {key: value for key, value in os.environ.items() if not key.startswith("GOLF_")}
    server = subprocess.Popen(
        [sys.executable, "-m", "app", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data)],
        cwd=tmp_path,
        env=clean,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/match", timeout=5)
                break
            except httpx.TransportError:
                assert server.poll() is None, "the server stopped"
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        assert answer.status_code == 200
        assert answer.json()["version"] >= 0
        assert (data / "golf.sqlite3").exists()
    finally:
        server.terminate()
        _, said = server.communicate(timeout=30)
    assert f"golf: database sqlite:///{data / 'golf.sqlite3'}" in said
