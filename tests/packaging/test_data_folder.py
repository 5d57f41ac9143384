"""Where the database lives: a setting, never the folder the server was started from;
and a data folder that cannot be written ends the start with one sentence, which in the
Docker image names the chown on the host that fixes it."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from app.settings import Settings, default_data_dir
from app.store.database import DatabaseFolderError, prepare_sqlite_folder
from tests.packaging import dockerfile
from tests.packaging.unprivileged import unprivileged_user, unwritable_folder

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


@pytest.fixture
def shared_tmp():
    """A temporary folder every user may enter (pytest's own are root's alone when the
    tests run as root, which would refuse the unprivileged user on the way)."""
    folder = Path(tempfile.mkdtemp(prefix="golf-data-folder-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def refusal_as(user, folder: Path) -> str | None:
    """What prepare_sqlite_folder says of ``folder`` to ``user``, in a forked process
    that becomes that user (root may write any folder)."""
    context = multiprocessing.get_context("fork")
    said = context.SimpleQueue()

    def check() -> None:
        if user.prefix:
            os.setgroups([])
            os.setgid(user.gid)
            os.setuid(user.uid)
        try:
            prepare_sqlite_folder(f"sqlite:///{folder / 'golf.sqlite3'}")
            said.put(None)
        except DatabaseFolderError as error:
            said.put(str(error))

    process = context.Process(target=check)
    process.start()
    process.join(timeout=60)
    assert process.exitcode == 0
    return said.get()


def test_a_folder_of_another_user_is_explained_with_this_user_outside_the_image(shared_tmp, monkeypatch):
    monkeypatch.delenv("GOLF_IN_IMAGE", raising=False)
    user = unprivileged_user()
    theirs = unwritable_folder(shared_tmp / "data", user)
    assert refusal_as(user, theirs) == (
        f"Cannot write the database folder {theirs} (Permission denied): set GOLF_DATA_DIR to a "
        "folder this user can write, or GOLF_DATABASE_URL to another database."
    )
    assert list(theirs.iterdir()) == []


def test_in_the_image_a_folder_of_another_user_is_explained_with_a_chown_on_the_host(shared_tmp, monkeypatch):
    # The Dockerfile says the server runs in the image; a host folder mounted over its
    # data folder and owned by someone else is then fixed on the host, not by a setting.
    assert dockerfile.final_env()["GOLF_IN_IMAGE"]
    monkeypatch.setenv("GOLF_IN_IMAGE", dockerfile.final_env()["GOLF_IN_IMAGE"])
    user = unprivileged_user()
    mounted = unwritable_folder(shared_tmp / "data", user)
    assert refusal_as(user, mounted) == (
        f"Cannot write the database folder {mounted} (Permission denied): the server runs as uid "
        f"{user.uid} in this image, so give that user the folder mounted there (on the host: chown "
        f"{user.uid}:{user.gid} /path/of/the/folder), or mount a named volume there instead "
        f"(-v golf-data:{mounted}), or set GOLF_DATABASE_URL to another database."
    )
    # Given to the user, as the chown does, the same folder is taken.
    os.chown(mounted, user.uid, user.gid)
    mounted.chmod(0o755)
    assert refusal_as(user, mounted) is None


def test_in_the_image_a_path_that_cannot_be_a_folder_keeps_the_plain_advice(shared_tmp, monkeypatch):
    # No chown helps a path below a plain file.
    monkeypatch.setenv("GOLF_IN_IMAGE", "1")
    (shared_tmp / "a-file").write_text("not a folder")
    said = refusal_as(unprivileged_user(), shared_tmp / "a-file" / "data")
    assert said is not None and said.endswith(
        "(Not a directory): set GOLF_DATA_DIR to a folder this user can write, or GOLF_DATABASE_URL to "
        "another database."
    )
