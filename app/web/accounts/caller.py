"""What the account's routes read from a request: who is asking (the session and what
it is read as), the relying party the passkeys are for, and the new session cookie a
sign-in, a registration or a sign-out answers with (a session is never carried across
a change of who it is)."""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import Request, Response

from app.service.accounts.devices import Devices
from app.service.accounts.passkeys import Caller, Passkeys, RelyingParty
from app.service.accounts.sessions import device_of
from app.service.browsers import browser_id_for
from app.web.http.session import session_cookie


def caller_of(request: Request) -> Caller:
    """The request's session, its device and its address: the client's as uvicorn reads
    it (with ``--proxy-headers``, the address the trusted proxy forwarded), as the rate
    limits count it."""
    state = request.state
    return Caller(
        session_id=state.session_id,
        browser_id=state.browser_id,
        signed_in=state.signed_in,
        device=device_of(request.headers.get("user-agent", "")),
        address=request.client.host if request.client else "",
    )


def passkeys_of(request: Request) -> Passkeys:
    return request.app.state.passkeys


def devices_of(request: Request) -> Devices:
    return request.app.state.devices


def party_of(request: Request) -> RelyingParty:
    """The settings' relying party id and origin (``GOLF_RP_ID``, ``GOLF_ORIGIN``), each
    unset one taken from the address the request was sent to."""
    rp_id, origin = request.app.state.relying_party
    if not origin:
        origin = f"{request.url.scheme}://{request.headers.get('host') or request.url.netloc}"
    if not rp_id:
        rp_id = urlsplit(origin).hostname or "localhost"
    return RelyingParty(id=rp_id, origin=origin.rstrip("/"))


class NewSession:
    """A fresh session token for the answer: the service signs its browser id in (or
    leaves it a guest), and :meth:`give` sets it as the browser's cookie."""

    def __init__(self, request: Request):
        self._token = request.app.state.session_tokens.issue()
        self._secure = request.state.cookie_secure
        self.session_id = browser_id_for(self._token)

    def give(self, response: Response) -> Response:
        response.headers.append("set-cookie", session_cookie(self._token, self._secure))
        return response


def signed_in_as(caller: Caller, new_session: NewSession, browser_id: str) -> Caller:
    """The caller once ``new_session`` is signed in: read as ``browser_id``."""
    return Caller(
        session_id=new_session.session_id,
        browser_id=browser_id,
        signed_in=True,
        device=caller.device,
        address=caller.address,
    )
