"""The examples in the docstrings of every module of app/ are tests too, each module's
run once here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import app

APP = Path(app.__file__).parent
# Every module of the package; app.__main__ serves the game when imported.
MODULES = sorted({"app", *(m.name for m in pkgutil.walk_packages(app.__path__, "app."))} - {"app.__main__"})


def source_of(name: str) -> str:
    relative = Path(*name.split(".")[1:])
    package = APP / relative / "__init__.py"
    return (package if package.exists() else (APP / relative).with_suffix(".py")).read_text()


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if ">>> " in source_of(name):
        assert result.attempted > 0, f"{name} shows examples that doctest does not find"


def test_every_module_is_checked():
    on_disk = {
        ".".join(("app", *path.relative_to(APP).with_suffix("").parts)).removesuffix(".__init__")
        for path in APP.rglob("*.py")
    }
    assert on_disk - set(MODULES) == {"app.__main__"}
