"""What the Dockerfile promises that can be read without building it: the wheel built by
pinned tools, the layers a change of code leaves alone, a health check that turns the
container healthy about as soon as it serves, and the image's own environment."""

from __future__ import annotations

import shlex

from tests.packaging import dockerfile
from tests.packaging.lockfile import BUILD_LOCK, LOCK


def test_the_wheel_is_built_by_the_locked_build_tools_alone():
    runs = dockerfile.of_stage(0, "RUN")
    install, build = runs[0], runs[-1]
    assert shlex.split(install) == ["pip", "install", "--require-hashes", "-r", BUILD_LOCK.name]
    # Without --no-build-isolation pip would fetch its own setuptools to build with.
    assert build.startswith("pip wheel ") and "--no-build-isolation" in build.split() and "--no-deps" in build.split()


def test_a_change_of_code_rebuilds_neither_the_build_tools_nor_the_dependencies():
    steps = [
        (stage, name, arguments) for stage, name, arguments in dockerfile.instructions() if name in ("COPY", "RUN")
    ]
    # The first stage: the build lock alone is copied before the tools are installed.
    first = [(name, arguments) for stage, name, arguments in steps if stage == 0]
    assert first[0] == ("COPY", f"{BUILD_LOCK.name} ./")
    assert first[1][0] == "RUN" and BUILD_LOCK.name in first[1][1]
    assert all(name == "COPY" for name, _ in first[2:-1]) and first[-1][0] == "RUN"
    # The image: the dependencies from the lock alone, then the project from its wheel.
    last = [(name, arguments) for stage, name, arguments in steps if stage == 1]
    dependencies = next(i for i, (name, arguments) in enumerate(last) if name == "RUN" and LOCK.name in arguments)
    assert [arguments for name, arguments in last[:dependencies] if name == "COPY"] == [f"{LOCK.name} ./"]
    (project,) = [arguments for name, arguments in last if "from=wheel" in arguments]
    assert last.index(("RUN", project)) > dependencies
    # The wheel is mounted from where the first stage wrote it, not copied into a layer.
    (workdir,) = dockerfile.of_stage(0, "WORKDIR")
    wheel_dir = dockerfile.of_stage(0, "RUN")[-1].split("--wheel-dir ")[1].split()[0]
    mount = dict(part.split("=", 1) for part in project.split()[0].removeprefix("--mount=").split(","))
    assert mount["type"] == "bind" and mount["from"] == "wheel"
    assert mount["source"] == f"{workdir}/{wheel_dir}"
    assert f"{mount['target']}/*.whl" in project


def test_the_container_is_checked_often_while_it_starts_then_every_interval():
    options, command = dockerfile.healthcheck()
    interval, start_interval = dockerfile.seconds(options["interval"]), dockerfile.seconds(options["start-interval"])
    start_period = dockerfile.seconds(options["start-period"])
    # Healthy within a few seconds of serving, not a whole interval later (Docker's first
    # check waits an interval unless a start interval is given).
    assert start_interval <= 5 < interval
    # Time for the migrations of a first start before failures count.
    assert start_period >= 30
    assert command[:2] == ["python", "-c"] and "/healthz" in command[2]


def test_the_image_runs_as_its_own_user_and_says_so_to_the_server():
    assert "useradd --create-home --uid 10001 golf" in dockerfile.of_stage(1, "RUN")
    assert dockerfile.of_stage(1, "USER") == ["golf"]
    env = dockerfile.final_env()
    assert env["GOLF_DATA_DIR"] == "/app/data"
    assert env["GOLF_IN_IMAGE"] == "1"  # the data folder's refusal then names the chown on the host
    assert dockerfile.of_stage(1, "VOLUME") == ['["/app/data"]']
