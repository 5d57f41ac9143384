"""The account's JSON API: ``/api/account`` (see docs/API.md, Accounts).

Registering and signing in are two steps each, as WebAuthn has them: the options for
``navigator.credentials.create()`` / ``get()``, then the browser's credential as
WebAuthn's JSON (``PublicKeyCredential.toJSON()``). A step that signs a session in or
out answers with a new session cookie."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from app.web.accounts.caller import NewSession, caller_of, devices_of, party_of, passkeys_of, signed_in_as
from app.web.accounts.device_codes import code_with_qr

router = APIRouter(prefix="/api/account", tags=["account"])

Credential = Annotated[
    dict[str, Any],
    Body(description="The browser's credential as WebAuthn's JSON (PublicKeyCredential.toJSON())."),
]


class NewAccount(BaseModel):
    name: str | None = Field(
        None, description="The account's name (a new account only; unique, whatever its case).", max_length=200
    )


class DeviceCode(BaseModel):
    code: str = Field(description="The code another signed-in device showed, e.g. ABCD-EFGH.", max_length=40)


def _account(request: Request, caller=None) -> dict:
    return devices_of(request).account(caller or caller_of(request))


@router.get("", summary="Your account: its name, devices and passkeys (401 for a guest)")
def account(request: Request) -> dict:
    return _account(request)


@router.post("/register/options", summary="Options for navigator.credentials.create()")
def register_options(request: Request, body: NewAccount | None = None) -> dict:
    return passkeys_of(request).registration_options(caller_of(request), (body or NewAccount()).name, party_of(request))


@router.post(
    "/register", status_code=201, summary="Register the browser's new passkey: a new account, or another passkey"
)
def register(request: Request, credential: Credential) -> JSONResponse:
    caller = caller_of(request)
    if caller.signed_in:  # another passkey for the account: the session stays as it is
        passkeys_of(request).register(caller, credential, party_of(request), caller.session_id)
        return JSONResponse(_account(request, caller), status_code=201)
    new_session = NewSession(request)
    made = passkeys_of(request).register(caller, credential, party_of(request), new_session.session_id)
    answer = _account(request, signed_in_as(caller, new_session, made["principal"]))
    return new_session.give(JSONResponse(answer, status_code=201))  # type: ignore[return-value]


@router.post("/sign-in/options", summary="Options for navigator.credentials.get()")
def sign_in_options(request: Request) -> dict:
    return passkeys_of(request).sign_in_options(caller_of(request), party_of(request))


@router.post("/sign-in", summary="Sign in with the browser's passkey; what this session had becomes the account's")
def sign_in(request: Request, credential: Credential) -> JSONResponse:
    caller = caller_of(request)
    new_session = NewSession(request)
    account = passkeys_of(request).sign_in(caller, credential, party_of(request), new_session.session_id)
    answer = _account(request, signed_in_as(caller, new_session, account["principal"]))
    return new_session.give(JSONResponse(answer))  # type: ignore[return-value]


@router.post("/sign-out", status_code=204, summary="Sign this session out (it becomes a new guest)")
def sign_out(request: Request) -> Response:
    devices_of(request).sign_out(caller_of(request))
    return NewSession(request).give(Response(status_code=204))


@router.delete(
    "", status_code=204, summary="Delete the account and everything only its own; every device is signed out"
)
def delete_account(request: Request) -> Response:
    devices_of(request).delete_account(caller_of(request))
    return NewSession(request).give(Response(status_code=204))


@router.post("/devices/code", summary="A one-time code (and its QR code) that signs another device in")
def device_code(request: Request) -> dict:
    return code_with_qr(request, devices_of(request).make_code(caller_of(request)))


@router.post("/devices/claim", summary="Sign this device in with a code another device showed")
def claim(request: Request, body: DeviceCode) -> JSONResponse:
    caller = caller_of(request)
    new_session = NewSession(request)
    account = devices_of(request).claim(caller, body.code, new_session.session_id)
    answer = _account(request, signed_in_as(caller, new_session, account["principal"]))
    return new_session.give(JSONResponse(answer))  # type: ignore[return-value]


@router.delete("/devices/{device}", status_code=204, summary="Sign a device of your account out")
def remove_device(request: Request, device: str) -> Response:
    was_this_one = devices_of(request).remove_device(caller_of(request), device)
    response = Response(status_code=204)
    return NewSession(request).give(response) if was_this_one else response


@router.delete("/passkeys/{passkey}", status_code=204, summary="Remove a passkey from your account")
def remove_passkey(request: Request, passkey: str) -> Response:
    devices_of(request).remove_passkey(caller_of(request), passkey)
    return Response(status_code=204)
