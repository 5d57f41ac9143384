"""The examples in the docstrings of app/cards.py and app/golf/*.py are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import app.golf

MODULES = ["app.cards"] + sorted(f"app.golf.{m.name}" for m in pkgutil.iter_modules(app.golf.__path__))
WITH_EXAMPLES = {"app.cards", "app.golf.rules", "app.golf.scoring", "app.golf.actions"}


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in WITH_EXAMPLES:
        assert result.attempted > 0


def test_every_golf_module_is_checked():
    assert {"app.golf.engine", "app.golf.view", "app.golf.rules", "app.golf.scoring", "app.golf.actions"} <= set(MODULES)
