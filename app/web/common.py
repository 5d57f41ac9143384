"""What the Golf table's pages and the solitaire page share.

Both pages work the same way: every move is a form posted with the version the page
was drawn from; with HTMX the answer is the table fragment, without script a redirect
back to the page (``?t=<ms>``) with what happened kept in a short-lived cookie; a
refusal draws the game as it stands, with the reason. This module holds the pieces of
that: reading the request, the flash cookie, the
visit that follows a move, and the shapes of the answers.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from app.service.errors import ServiceError, Unavailable
from app.web.http.numbers import optional_whole_number, query_number, version_from_etag
from app.web.http.refusals import status_of
from app.web.templating import ASSETS as ASSETS
from app.web.templating import asset_version as asset_version
from app.web.templating import templates as templates

# The templates and their asset version live in app.web.templating; named here too for
# the pages that take them from this module.
JUST_ACTED_SECONDS = 20  # a GET this soon after a move (or a link between the table's pages) is no return


# --------------------------------------------------------------------------- words


def sentence(text: str) -> str:
    """The text with a full stop at the end, unless it ends a sentence already (or is empty)."""
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def clock_text(seconds: int) -> str:
    """``"5:07"``, or ``"1:02:03"`` past the hour."""
    hours, rest = divmod(max(int(seconds), 0), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


# --------------------------------------------------------------------------- the request


def browser_id(request: Request) -> str:
    return request.state.browser_id


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def now_ms() -> int:
    return int(time.time() * 1000)


def form_version(request: Request, form) -> int | None:
    """The version the page was drawn from: If-Match first, else the form's field."""
    message = "The page sent a version that is not a number: reload the page."
    header = request.headers.get("if-match")
    if header:
        return version_from_etag(header, message)
    return optional_whole_number(form.get("version"), message)


def just_acted(request: Request) -> bool:
    """Whether this GET comes straight after a move: the redirect that follows a move
    without script, and the links between the table's own pages, carry ``?t=<ms>``."""
    stamp = query_number(request.query_params.get("t"), default=0)
    return 0 <= now_ms() - stamp <= JUST_ACTED_SECONDS * 1000


# --------------------------------------------------------------------------- the flash cookie


@dataclass(frozen=True)
class FlashCookie:
    """What a move made without script said (sentences, the hint, where focus goes),
    kept across the redirect for the one page that shows it: JSON, in URL-safe base64."""

    name: str

    def read(self, request: Request) -> dict[str, str]:
        raw = request.cookies.get(self.name)
        if not raw:
            return {}
        # The cookie comes back from the browser, so it is read as anything at all: not
        # base64, not JSON, nested past the reader's depth, a lone surrogate that could
        # never be sent back as UTF-8. Whatever is not plain text is dropped.
        try:
            data = json.loads(base64.urlsafe_b64decode(raw.encode()).decode())
        except (ValueError, RecursionError):  # UnicodeDecodeError and binascii.Error are ValueErrors
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(v, str) and _is_text(v)}

    def keep(self, response: Response, data: dict[str, str]) -> None:
        if data:
            value = base64.urlsafe_b64encode(json.dumps(data).encode()).decode()
            response.set_cookie(self.name, value, max_age=60, path="/", httponly=True, samesite="lax")

    def forget(self, request: Request, response: Response) -> None:
        if request.cookies.get(self.name):
            response.delete_cookie(self.name, path="/")


def _is_text(value: str) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def arrival(request: Request, service, flash: FlashCookie) -> tuple[Any, dict[str, str], bool]:
    """The game as a GET of its page finds it, what the last move's flash cookie says,
    and whether the visit came straight after a move. Any other visit is a return: the
    service stops the clock for the time away (``pause_if_away``), and an old flash is
    not shown."""
    acted = just_acted(request)
    game = service.current(browser_id(request)) if acted else service.pause_if_away(browser_id(request))
    return game, flash.read(request) if acted else {}, acted


# --------------------------------------------------------------------------- moves and answers


async def answer_move(
    request: Request,
    current: Callable[[], Any],
    perform: Callable[[FormData], tuple[Any, dict]],
    draw: Callable[..., Response],
    back: Callable[[Any, dict], Response],
    *,
    refused: dict | None = None,
) -> Response:
    """The answer to a move posted from a page; every game's pages (your match, a table,
    solitaire) answer alike.

    ``perform(form)`` carries out the move and gives the game and the options to draw it
    with. With HTMX the answer is ``draw(request, game, **options)``, the table fragment;
    without script it is ``back(game, options)``, the redirect back to the page. A refused
    move changed nothing: the game as it stands (``current()``) is drawn with the reason (and the
    ``refused`` options), as the fragment with HTMX and as the whole page without. When
    the store does not answer there is no game to draw: the 503 goes to the app's one
    refusal handler (``app.web.http.refusals``).

    The form is read on the event loop; the move and its drawing run in the thread pool,
    as a plain route's work does. On the loop, a move against seven Experts (their
    thinking, the transaction, the fragment: a few hundred milliseconds) held up every
    other request of the server until it was answered."""
    htmx = is_htmx(request)
    form = await request.form()

    def answer() -> Response:
        try:
            game, options = perform(form)
        except Unavailable:
            raise
        except ServiceError as refusal:
            # Refused: nothing changed. Draw the game as it stands, with the reason.
            game = current()
            return draw(
                request, game, status=status_of(refusal), page=not htmx, message=refusal.message, **(refused or {})
            )
        return draw(request, game, **options) if htmx else back(game, options)

    return await run_in_threadpool(answer)


def render_fresh(request: Request, name: str, context: dict, status: int = 200) -> Response:
    """A page or fragment that holds the version it was drawn from, so never cached."""
    response = templates.TemplateResponse(request, name, context, status_code=status)
    response.headers["Cache-Control"] = "no-store"
    return response


def back_after_move(path: str, flash: FlashCookie, said: dict[str, str | None]) -> RedirectResponse:
    """Without script: back to the page, stamped as just after a move, with what happened
    kept for one showing."""
    response = RedirectResponse(f"{path}?t={now_ms()}", status_code=303)
    flash.keep(response, {k: v for k, v in said.items() if v})
    return response
