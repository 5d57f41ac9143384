"""The pages' templates (Jinja2), and the version of our own static files they load.

A page asks for ``/static/<name>?v={{ asset_version }}``: one version for all of them,
since both page scripts rely on common.js, so that a browser never pairs a cached copy of
one with a newer copy of another.
"""

from __future__ import annotations

import hashlib

from fastapi.templating import Jinja2Templates

from app.resources import STATIC, TEMPLATES

templates = Jinja2Templates(directory=TEMPLATES)

# Our own files the pages load as ``/static/<name>?v={{ asset_version }}``.
ASSETS = (
    "common.js",
    "golf.css",
    "golf.js",
    "new-game.js",
    "solitaire.css",
    "solitaire.js",
    "summary.js",
    "review.css",
    "review.js",
    "feel.css",
    "themes.css",
    "themes.js",
    "replay.css",
    "replay.js",
    "daily.css",
    "daily.js",
)


def asset_version(names: tuple[str, ...] = ASSETS) -> str:
    digest = hashlib.sha256()
    for name in names:
        path = STATIC / name
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


templates.env.globals["asset_version"] = asset_version()
