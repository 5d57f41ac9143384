"""The examples in the docstrings of app/players/*.py and app/arena.py are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import app.players

MODULES = ["app.players", "app.arena"] + sorted(f"app.players.{m.name}" for m in pkgutil.iter_modules(app.players.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
