"""A profile's old address: ``/players/{name}`` and ``/api/players/{name}`` at a name an
account went by before it changed it lead, for good, to its profile under its name now
(app/service/accounts/renaming.py). The redirect is not kept by the browser
(``no-store``): once another account goes by the old name, the address is its profile."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import Request
from fastapi.responses import RedirectResponse

from app.service.errors import NotFound
from app.web.dependencies import ratings_of


def to_new_name(request: Request, name: str, refused: NotFound, prefix: str, status: int) -> RedirectResponse:
    """The redirect to the profile of the account that went by ``name`` (``prefix``:
    ``/players/`` or ``/api/players/``), or ``refused`` raised again if none did."""
    moved = ratings_of(request).renamed_to(name)
    if moved is None:
        raise refused
    return RedirectResponse(
        f"{prefix}{quote(moved, safe='')}", status_code=status, headers={"Cache-Control": "no-store"}
    )
