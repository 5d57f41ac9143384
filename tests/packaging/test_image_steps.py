"""The Docker image's steps, without Docker (no engine runs on the machines that test
this): the wheel built by the commands of the Dockerfile's first stage (its pinned build
tools) from only the files that stage copies, a fresh virtualenv with the dependencies
installed by the Dockerfile's own command, the project installed from the wheel (not
editable, nothing else of the checkout), then ``python -m app`` started from another
folder as an unprivileged user with the Dockerfile's environment. It must serve its
pages, pass the Dockerfile's HEALTHCHECK command, and refuse a data folder it cannot
write with one sentence that says how to give it to the image's user.

About 45 s on 2 cores (most of it pip); run it alone with ``pytest -m image``.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import shlex
import shutil
import subprocess
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.servers import free_port
from tests.packaging import dockerfile
from tests.packaging.lockfile import locked, normalized
from tests.packaging.unprivileged import User, unprivileged_user, unwritable_folder

pytestmark = [pytest.mark.image, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
SHIPPED_FOLDERS = ("static", "templates", "migrations")  # top-level in the repository, app/<name> in the wheel


# --------------------------------------------------------------------------- the Dockerfile


def build_context(destination: Path) -> Path:
    """The files the wheel stage of the Dockerfile copies, and nothing else."""
    destination.mkdir()
    for arguments in dockerfile.of_stage(0, "COPY"):
        source, target = shlex.split(arguments)
        target_path = destination / (Path(source).name if target.endswith("/") else target)
        if (REPO / source).is_dir():
            shutil.copytree(REPO / source, target_path, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(REPO / source, target_path)
    return destination


def dependencies_command() -> str:
    """The Dockerfile's RUN that installs the dependencies from the lock file."""
    runs = [arguments for arguments in dockerfile.of_stage(1, "RUN") if "requirements.lock" in arguments]
    assert len(runs) == 1, runs
    return runs[0]


def dependency_files() -> list[str]:
    """What the Dockerfile copies into the image before it installs the dependencies."""
    files = []
    for stage, instruction, arguments in dockerfile.instructions():
        if stage == 1 and instruction == "RUN" and arguments == dependencies_command():
            return files
        if stage == 1 and instruction == "COPY":
            *sources, _ = shlex.split(arguments)
            files += sources
    raise AssertionError("the Dockerfile does not install the dependencies")


# --------------------------------------------------------------------------- the "image"


@dataclass
class Image:
    root: Path  # a temporary folder everyone can read
    wheel: Path
    python: Path  # the fresh virtualenv's interpreter
    user: User  # the unprivileged user the server runs as

    @property
    def as_user(self) -> list[str]:
        return self.user.prefix

    @property
    def uid(self) -> int:
        return self.user.uid

    def env(self, **settings: str) -> dict[str, str]:
        # The environment of the container: the Dockerfile's ENV (but on the loopback
        # address alone), and no GOLF_ setting of the tests leaks in.
        return {
            **dockerfile.final_env(),
            "GOLF_HOST": "127.0.0.1",
            "PATH": f"{self.python.parent}:/usr/bin:/bin",
            "HOME": self.user.home,
            "LANG": "C.UTF-8",
            **settings,
        }


@pytest.fixture(scope="module")
def image():
    user = unprivileged_user()
    candidates = user.interpreters
    base = next(
        (
            c
            for c in candidates
            if subprocess.run(
                [*user.prefix, c, "-c", "import sys, venv; assert sys.version_info >= (3, 11)"], capture_output=True
            ).returncode
            == 0
        ),
        None,
    )
    if base is None:
        pytest.skip(f"no Python 3.11+ that the unprivileged user may run among {candidates}")

    root = Path(tempfile.mkdtemp(prefix="golf-image-"))
    root.chmod(0o755)
    try:
        context = build_context(root / "context")
        subprocess.run([base, "-m", "venv", root / "venv"], check=True, timeout=120)
        python = root / "venv" / "bin" / "python"
        image = Image(root, Path(), python, user)
        run_env = {**os.environ, "PATH": f"{python.parent}:{os.environ['PATH']}", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        run_env.pop("VIRTUAL_ENV", None)

        def dependencies_layer() -> None:
            """The dependencies layer, by the Dockerfile's own command, from the files it copies alone."""
            layer = root / "dependencies"
            layer.mkdir()
            for name in dependency_files():
                shutil.copy2(REPO / name, layer)
            subprocess.run(
                ["sh", "-c", dependencies_command()],
                cwd=layer,
                env=run_env,
                check=True,
                timeout=600,
                stdout=subprocess.DEVNULL,
            )

        def wheel_stage() -> None:
            """The wheel stage by the Dockerfile's own commands (its pinned build tools, then
            the wheel), in a virtualenv of its own as the stage is an image of its own."""
            subprocess.run([base, "-m", "venv", root / "build-venv"], check=True, timeout=120)
            build_env = {**run_env, "PATH": f"{root / 'build-venv' / 'bin'}:{os.environ['PATH']}"}
            for command in dockerfile.of_stage(0, "RUN"):
                subprocess.run(
                    ["sh", "-c", command],
                    cwd=context,
                    env=build_env,
                    check=True,
                    timeout=600,
                    stdout=subprocess.DEVNULL,
                )

        # The two stages share nothing until the wheel is installed: built side by side, as
        # Docker builds them, each waits on pip while the other works.
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            for stage in [pool.submit(dependencies_layer), pool.submit(wheel_stage)]:
                stage.result()
        # Then the project installed from the wheel alone.
        (image.wheel,) = context.glob("**/*.whl")
        image.wheel = image.wheel.rename(root / image.wheel.name)
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--no-deps", image.wheel],
            cwd=root,
            env=run_env,
            check=True,
            timeout=600,
        )
        shutil.rmtree(context)  # nothing of the source tree is left to find
        yield image
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _folder(path: Path, owner: int, mode: int) -> Path:
    path.mkdir()
    os.chown(path, owner, -1)
    path.chmod(mode)
    return path


# --------------------------------------------------------------------------- the tests


def test_the_wheel_holds_every_file_of_the_package_and_its_folders(image):
    names = set(zipfile.ZipFile(image.wheel).namelist())
    expected = set()
    for top in ("app", *SHIPPED_FOLDERS):
        for path in (REPO / top).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                relative = path.relative_to(REPO).as_posix()
                expected.add(relative if top == "app" else f"app/{relative}")
    assert expected - names == set(), "missing from the wheel"
    assert {name.split("/")[0] for name in names if not name.startswith("golf_cards-")} == {"app"}


def test_the_image_holds_exactly_the_locked_packages_and_the_project(image):
    listed = subprocess.run(
        [image.python, "-m", "pip", "list", "--format=json"],
        capture_output=True,
        text=True,
        check=True,
        env=image.env(),
    ).stdout
    installed = {normalized(package["name"]): package["version"] for package in json.loads(listed)}
    installed.pop("pip", None), installed.pop("setuptools", None)  # the virtualenv's own, as the base image's
    assert installed.pop("golf-cards") == tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert installed == {name: version for name, (version, _) in locked().items()}


def test_the_installed_wheel_serves_the_game_from_another_folder_as_an_unprivileged_user(image):
    data = _folder(image.root / "data", image.uid, 0o755)
    elsewhere = _folder(image.root / "elsewhere", 0, 0o755)  # the user cannot even write here
    port = free_port()
    server = subprocess.Popen(
        [*image.as_user, image.python, "-m", "app"],
        cwd=elsewhere,
        env=image.env(GOLF_DATA_DIR=str(data), GOLF_PORT=str(port)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, f"the server stopped:\n{server.stdout.read()}"
            try:
                status, body = _get(f"http://127.0.0.1:{port}/healthz")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.2)
        assert (status, json.loads(body)) == (200, {"status": "ok"})

        status, body = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and b"<html" in body
        assert _get(f"http://127.0.0.1:{port}/solitaire")[0] == 200
        assert _get(f"http://127.0.0.1:{port}/static/golf.css")[0] == 200
        assert _get(f"http://127.0.0.1:{port}/static/vendor/htmx-2.0.11.min.js")[0] == 200
        assert (data / "golf.sqlite3").is_file()
        assert list(elsewhere.iterdir()) == []

        # A connection left idle longer than uvicorn's own 5 s still takes the next request
        # (a proxy in front reuses idle connections for a minute or more).
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/healthz")
        assert connection.getresponse().read() and connection.sock is not None
        time.sleep(6)
        connection.request("GET", "/healthz")  # on the same socket: a closed one fails here
        assert connection.getresponse().status == 200
        connection.close()

        # The image's HEALTHCHECK, as Docker would run it: it follows GOLF_PORT.
        check = [str(image.python) if part == "python" else part for part in dockerfile.healthcheck()[1]]
        assert (
            subprocess.run(
                [*image.as_user, *check], env=image.env(GOLF_PORT=str(port)), capture_output=True, timeout=30
            ).returncode
            == 0
        )
        assert (
            subprocess.run(
                [*image.as_user, *check], env=image.env(GOLF_PORT=str(free_port())), capture_output=True, timeout=30
            ).returncode
            != 0
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_data_folder_the_user_cannot_write_stops_the_start_with_one_sentence(image):
    read_only = unwritable_folder(image.root / "read-only", image.user)
    started = subprocess.run(
        [*image.as_user, image.python, "-m", "app"],
        cwd=image.root,
        env=image.env(GOLF_DATA_DIR=str(read_only), GOLF_PORT=str(free_port())),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert started.returncode == 1
    assert started.stdout == ""
    # In the image, another GOLF_DATA_DIR is not the fix: the folder mounted there is.
    assert started.stderr == (
        f"golf: Cannot write the database folder {read_only} (Permission denied): the server "
        f"runs as uid {image.uid} in this image, so give that user the folder mounted there (on "
        f"the host: chown {image.uid}:{image.user.gid} /path/of/the/folder), or mount a named volume "
        f"there instead (-v golf-data:{read_only}), or set GOLF_DATABASE_URL to another database.\n"
    )
    assert list(read_only.iterdir()) == []
