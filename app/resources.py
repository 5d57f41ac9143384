"""Where the templates, static files and migrations are.

They are top-level folders of the repository (``templates/``, ``static/``,
``migrations/``); an installed wheel carries them inside the package (``app/templates``
and so on, see pyproject.toml). Each is found through the package, never through the
folder the server was started from: inside the installed package first, else next to
the package in a source checkout (an editable install, or running from the repository).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def folder(name: str) -> Path:
    for candidate in (PACKAGE / name, PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"the {name} folder is missing: looked in {PACKAGE / name} and {PACKAGE.parent / name}; reinstall the package"
    )


STATIC = folder("static")
TEMPLATES = folder("templates")
MIGRATIONS = folder("migrations")
