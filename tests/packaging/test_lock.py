"""requirements.lock, which the Docker image installs, fits pyproject.toml: every
dependency there is pinned here, to a version its range allows, by its files' hashes."""

from __future__ import annotations

import tomllib

from packaging.requirements import Requirement

from tests.packaging.lockfile import BUILD_LOCK, REPO, locked, normalized


def project_dependencies() -> list[Requirement]:
    return [
        Requirement(text) for text in tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    ]


def test_every_dependency_of_the_project_is_locked_within_its_range():
    pins = locked()
    for requirement in project_dependencies():
        name = normalized(requirement.name)
        assert name in pins, f"{requirement} is not in requirements.lock: run scripts/lock.sh"
        version, _ = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements.lock has {name}=={version}, outside pyproject.toml's {requirement}: run scripts/lock.sh"
        )


def test_the_lock_holds_no_test_tool():
    pins = locked()
    for tool in ("pytest", "mypy", "ruff", "playwright", "hypothesis", "schemathesis"):
        assert tool not in pins, f"{tool} is a test extra, not a dependency of the image"


def test_python_multipart_has_an_upper_bound():
    (requirement,) = [r for r in project_dependencies() if normalized(r.name) == "python-multipart"]
    assert any(spec.operator in ("<", "<=", "==", "~=") for spec in requirement.specifier), str(requirement)


def build_requirements() -> list[Requirement]:
    return [
        Requirement(text) for text in tomllib.loads((REPO / "pyproject.toml").read_text())["build-system"]["requires"]
    ]


def test_the_tools_that_build_the_wheel_are_locked_within_their_ranges_by_their_hashes():
    # Otherwise pip's build isolation fetches whatever setuptools is newest that day.
    pins = locked(BUILD_LOCK)
    for requirement in build_requirements():
        name = normalized(requirement.name)
        assert name in pins, f"{requirement} is not in requirements-build.lock: run scripts/lock.sh"
        version, hashes = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements-build.lock has {name}=={version}, outside pyproject.toml's {requirement}: "
            "run scripts/lock.sh"
        )
        assert hashes
    assert set(pins) >= {"setuptools"}
