"""Where the database lives: a setting, never the folder the server was started from;
and a data folder that cannot be written ends the start with one sentence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app.settings import Settings, default_data_dir

REPO = Path(__file__).resolve().parents[2]


def test_the_default_database_is_in_the_platform_data_folder_whatever_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("GOLF_DATA_DIR", raising=False)
    monkeypatch.delenv("GOLF_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.data_dir == default_data_dir().resolve()
    assert not settings.data_dir.is_relative_to(tmp_path)
    assert settings.database_url == f"sqlite:///{default_data_dir().resolve() / 'golf.sqlite3'}"


def test_the_data_folder_setting_places_the_database(tmp_path, monkeypatch):
    monkeypatch.delenv("GOLF_DATABASE_URL", raising=False)
    monkeypatch.setenv("GOLF_DATA_DIR", str(tmp_path / "golf-data"))
    assert Settings().database_url == f"sqlite:///{tmp_path / 'golf-data' / 'golf.sqlite3'}"


def test_a_relative_data_folder_is_resolved_once_at_start_up(tmp_path, monkeypatch):
    monkeypatch.delenv("GOLF_DATABASE_URL", raising=False)
    monkeypatch.setenv("GOLF_DATA_DIR", "golf-data")
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    monkeypatch.chdir(REPO)
    assert settings.data_dir == tmp_path / "golf-data"
    assert settings.database_url == f"sqlite:///{tmp_path / 'golf-data' / 'golf.sqlite3'}"


def test_a_database_url_wins_over_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GOLF_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("GOLF_DATABASE_URL", "postgresql+psycopg://golf@db.example/golf")
    assert Settings().database_url == "postgresql+psycopg://golf@db.example/golf"


def test_a_data_folder_that_cannot_be_made_stops_the_start_with_one_sentence(tmp_path):
    # A path below a plain file can be made by nobody, root included.
    (tmp_path / "a-file").write_text("not a folder")
    env = {key: value for key, value in os.environ.items() if not key.startswith("GOLF_")}
    env["GOLF_DATA_DIR"] = str(tmp_path / "a-file" / "data")
    started = subprocess.run(
        [sys.executable, "-m", "app"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert started.returncode == 1
    assert started.stdout == ""
    assert started.stderr == (
        f"golf: Cannot write the database folder {tmp_path / 'a-file' / 'data'} (Not a directory): "
        "set GOLF_DATA_DIR to a folder this user can write, or GOLF_DATABASE_URL to another "
        "database.\n"
    )
