"""The Account page, ``/account``.

For a guest: save your progress with a passkey (a name and Create), sign in with a
passkey, or use a code from your other device; when the session has a match (or a
solitaire deal) under way, which to keep if the account has one too. For a signed-in
person: the account's name and Change name, its devices and passkeys (each with Remove),
Add a device (a one-time code and its QR code), Add a passkey, Sign out, and Delete
account behind a confirmation (a dialog with script, the page ``/account/delete``
without).

The passkey steps need script (WebAuthn is a script API): static/account.js calls
``navigator.credentials`` and the JSON API. Everything else is a form, so it works
without script too: each answers with a redirect back to the page (``?said=`` names
what happened, one of a few fixed sentences), or the page drawn with the refusal.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from app.service.accounts.devices import CODE_LENGTH, shown_code, tidy_code
from app.service.accounts.moving import KEEP, THIS_DEVICE
from app.service.accounts.naming import FORMER_NAME_KEPT_DAYS
from app.service.errors import NotSignedIn, ServiceError, Unavailable
from app.web.accounts.caller import NewSession, caller_of, devices_of
from app.web.accounts.device_codes import code_with_qr
from app.web.common import render_fresh
from app.web.http.refusals import status_of

router = APIRouter(include_in_schema=False)

SAID = {
    "registered": "Your progress is saved to your account.",
    "signed-in": "You are signed in.",
    "renamed": "Your account's name is changed.",
    "signed-out": "You are signed out. This browser starts afresh as a guest.",
    "device-removed": "The device is signed out.",
    "passkey-added": "The passkey is added to your account.",
    "passkey-removed": "The passkey is removed.",
    "deleted": "Your account is deleted, with everything that was only its own.",
}


def _page(
    request: Request,
    message: str | None = None,
    status: int = 200,
    made: dict | None = None,
    typed: dict | None = None,
) -> Response:
    """The page; ``typed``: what a refused form had (``name``, ``code``, ``keep``), shown again."""
    caller = caller_of(request)
    account = devices_of(request).account(caller) if caller.signed_in else None
    typed = typed or {}
    code = tidy_code(typed.get("code") or request.query_params.get("code", ""))
    return render_fresh(
        request,
        "accounts/account.html",
        {
            "page": "account",
            "account": account,
            "made": made,
            "code": shown_code(code) if len(code) == CODE_LENGTH else "",
            "new_name": typed.get("name"),
            "keep": typed.get("keep") or THIS_DEVICE,
            "under_way": devices_of(request).under_way(caller),
            "kept_days": FORMER_NAME_KEPT_DAYS,
            "said": SAID.get(request.query_params.get("said", "")),
            "message": message,
        },
        status=status,
    )


def _back(said: str, new_session: NewSession | None = None) -> Response:
    response = RedirectResponse(f"/account?said={said}", status_code=303)
    return new_session.give(response) if new_session else response


def _refused(request: Request, error: ServiceError, typed: dict | None = None) -> Response:
    if isinstance(error, Unavailable):
        raise error  # answered by the one refusal handler
    return _page(request, error.message, status_of(error), typed=typed)


@router.get("/account", response_class=HTMLResponse)
def account_page(request: Request):
    return _page(request)


@router.post("/account/sign-out", response_class=HTMLResponse)
def sign_out(request: Request):
    try:
        devices_of(request).sign_out(caller_of(request))
    except NotSignedIn:
        pass  # signed out already (another tab): the page says so all the same
    except ServiceError as error:
        return _refused(request, error)
    return _back("signed-out", NewSession(request))


@router.post("/account/name", response_class=HTMLResponse)
async def rename(request: Request):
    name = (await request.form()).get("name") or ""

    def rename_it() -> Response:
        try:
            devices_of(request).rename(caller_of(request), name)
        except ServiceError as error:
            return _refused(request, error, {"name": str(name)})
        return _back("renamed")

    return await run_in_threadpool(rename_it)


@router.post("/account/claim", response_class=HTMLResponse)
async def claim(request: Request):
    form = await request.form()
    code, keep = form.get("code") or "", form.get("keep")

    def claim_it() -> Response:
        new_session = NewSession(request)
        try:
            devices_of(request).claim(caller_of(request), code, new_session.session_id, keep)
        except ServiceError as error:
            return _refused(request, error, {"code": str(code), "keep": keep if keep in KEEP else None})
        return _back("signed-in", new_session)

    return await run_in_threadpool(claim_it)


@router.post("/account/code", response_class=HTMLResponse)
def make_code(request: Request):
    try:
        made = code_with_qr(request, devices_of(request).make_code(caller_of(request)))
    except ServiceError as error:
        return _refused(request, error)
    return _page(request, made=made)


@router.post("/account/devices/{device}/remove", response_class=HTMLResponse)
def remove_device(request: Request, device: str):
    try:
        was_this_one = devices_of(request).remove_device(caller_of(request), device)
    except ServiceError as error:
        return _refused(request, error)
    return _back("signed-out", NewSession(request)) if was_this_one else _back("device-removed")


@router.post("/account/passkeys/{passkey}/remove", response_class=HTMLResponse)
def remove_passkey(request: Request, passkey: str):
    try:
        devices_of(request).remove_passkey(caller_of(request), passkey)
    except ServiceError as error:
        return _refused(request, error)
    return _back("passkey-removed")


@router.get("/account/delete", response_class=HTMLResponse)
def delete_page(request: Request):
    """Without script, Delete account comes here to ask first."""
    caller = caller_of(request)
    if not caller.signed_in:
        return RedirectResponse("/account", status_code=303)
    return render_fresh(
        request, "accounts/account_delete.html", {"page": "account", "account": devices_of(request).account(caller)}
    )


@router.post("/account/delete", response_class=HTMLResponse)
def delete_account(request: Request):
    try:
        devices_of(request).delete_account(caller_of(request))
    except ServiceError as error:
        return _refused(request, error)
    return _back("deleted", NewSession(request))
