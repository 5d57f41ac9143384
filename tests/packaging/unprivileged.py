"""Running a command as an unprivileged user, as the Docker image runs the server: root
may write any folder, so a folder the server cannot write is only seen as another user."""

from __future__ import annotations

import os
import pwd
import shutil
import sys
from dataclasses import dataclass

import pytest


@dataclass(frozen=True)
class User:
    prefix: list[str]  # what runs a command as this user ([] when the tests are this user)
    uid: int
    gid: int
    home: str
    interpreters: list[str]  # the Pythons worth trying, the first one this user may run


def unprivileged_user() -> User:
    """The tests' own user when it is not root; else ``nobody`` through ``setpriv``."""
    if os.geteuid() != 0:
        return User([], os.geteuid(), os.getegid(), os.environ.get("HOME", "/nonexistent"), [sys._base_executable])
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot start the server as an unprivileged user")
    nobody = pwd.getpwnam("nobody")
    prefix = [setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
    # The interpreter must be one the unprivileged user may run (a pyenv under /root is not).
    return User(prefix, nobody.pw_uid, nobody.pw_gid, nobody.pw_dir, [sys._base_executable, "/usr/bin/python3"])


def unwritable_folder(path, user: User):
    """A new folder ``user`` may read but not write: root's when the tests are root, else
    the tests' own made read-only."""
    path.mkdir()
    if user.prefix:
        os.chown(path, 0, 0)
        path.chmod(0o755)
    else:
        path.chmod(0o555)
    return path
