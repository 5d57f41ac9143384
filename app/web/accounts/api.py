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
from app.web.http.json_api import REFUSALS, JSONRoute

router = APIRouter(prefix="/api/account", tags=["account"], route_class=JSONRoute)

ACCOUNT_REFUSALS: dict[int | str, dict[str, Any]] = {
    **{status: REFUSALS[status] for status in (409, 422)},
    401: {"description": "Not signed in to an account; nothing changed."},
    403: {"description": "A passkey answer refused (the detail says why); nothing changed."},
    404: {"description": "No such device or passkey of your account; nothing changed."},
}

Credential = Annotated[
    dict[str, Any],
    Body(description="The browser's credential as WebAuthn's JSON (PublicKeyCredential.toJSON())."),
]


class NewAccount(BaseModel):
    name: str | None = Field(
        None, description="The account's name (a new account only; unique, whatever its case).", max_length=200
    )


class NewName(BaseModel):
    # Checked by the service, which says what is wrong in a sentence (a name missing included).
    name: Any = Field(None, description="The account's new name (through the same check as a new account's).")


def keep_field() -> Any:
    """The ``keep`` of a sign-in, checked by the service (which says what is wrong in a sentence)."""
    return Field(
        "this-device",
        description="Which match against the computer (and which solitaire deal) to keep when this session and the "
        'account each have one under way: "this-device" (the one here; also when absent or null) or "account" '
        "(the account's). The other is recorded as given up.",
        json_schema_extra={"enum": ["this-device", "account", None]},
    )


class SignInChoice(BaseModel):
    keep: Any = keep_field()


class DeviceCode(BaseModel):
    code: str = Field(description="The code another signed-in device showed, e.g. ABCD-EFGH.", max_length=40)
    keep: Any = keep_field()


class SignedInWithCode(BaseModel):
    code_made_on: str = Field(description="The device of the account that made the code, e.g. Firefox on Mac.")
    used_at: str = Field(description="When the code was used (ISO 8601, UTC).")
    used_from: str = Field(description="The browser that used it, e.g. Chrome on Linux.")
    address: str = Field(description="The network address its request came from, e.g. 203.0.113.4.")


class Device(BaseModel):
    id: str = Field(description="The device's name in this API (DELETE /api/account/devices/{id}).")
    device: str = Field(description="What its browser said it was, e.g. Chrome on Linux.")
    signed_in: str = Field(description="When it signed in (ISO 8601, UTC).")
    this: bool = Field(description="Whether it is the device asking.")
    signed_in_with: SignedInWithCode | None = Field(
        description="For a device signed in with a one-time code: which device made it, when and from where it "
        "was used; null for one that signed in with a passkey."
    )


class PasskeyShown(BaseModel):
    id: str = Field(description="The passkey's name in this API (DELETE /api/account/passkeys/{id}).")
    label: str
    made: str = Field(description="When it was registered (ISO 8601, UTC).")
    last_used: str | None = Field(description="When it last signed in (ISO 8601, UTC), or null.")


class AccountShown(BaseModel):
    name: str
    devices: list[Device] = Field(description="The sessions signed in to the account.")
    passkeys: list[PasskeyShown]
    rating: dict[str, Any] | None = Field(description="The account's rating; null until it has one.")


class DeviceCodeShown(BaseModel):
    code: str = Field(description="The one-time code, e.g. ABCD-EFGH.")
    expires: str = Field(description="When it stops working (ISO 8601, UTC).")
    seconds: int = Field(description="How long it works from now.")
    link: str = Field(description="The Account page's address with the code filled in, for the QR code.")
    qr_svg: str = Field(description="The link's QR code, an SVG element.")


def _account(request: Request, caller=None) -> dict:
    return devices_of(request).account(caller or caller_of(request))


@router.get(
    "",
    response_model=AccountShown,
    responses=ACCOUNT_REFUSALS,
    summary="Your account: its name, devices and passkeys (401 for a guest)",
)
def account(request: Request) -> dict:
    return _account(request)


@router.post("/register/options", responses=ACCOUNT_REFUSALS, summary="Options for navigator.credentials.create()")
def register_options(request: Request, body: NewAccount | None = None) -> dict:
    return passkeys_of(request).registration_options(caller_of(request), (body or NewAccount()).name, party_of(request))


@router.post(
    "/register",
    status_code=201,
    response_model=AccountShown,
    responses=ACCOUNT_REFUSALS,
    summary="Register the browser's new passkey: a new account, or another passkey",
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


@router.post(
    "/name",
    response_model=AccountShown,
    responses=ACCOUNT_REFUSALS,
    summary="Change your account's name: the leaderboards, your profile and the tables you take from now use it",
)
def rename(request: Request, body: NewName) -> dict:
    caller = caller_of(request)
    devices_of(request).rename(caller, body.name)
    return _account(request, caller)


@router.post("/sign-in/options", responses=ACCOUNT_REFUSALS, summary="Options for navigator.credentials.get()")
def sign_in_options(request: Request, body: SignInChoice | None = None) -> dict:
    keep = (body or SignInChoice()).keep
    return passkeys_of(request).sign_in_options(caller_of(request), party_of(request), keep)


@router.post(
    "/sign-in",
    response_model=AccountShown,
    responses=ACCOUNT_REFUSALS,
    summary="Sign in with the browser's passkey; what this session had becomes the account's",
)
def sign_in(request: Request, credential: Credential) -> JSONResponse:
    caller = caller_of(request)
    new_session = NewSession(request)
    account = passkeys_of(request).sign_in(caller, credential, party_of(request), new_session.session_id)
    answer = _account(request, signed_in_as(caller, new_session, account["principal"]))
    return new_session.give(JSONResponse(answer))  # type: ignore[return-value]


@router.post(
    "/sign-out", status_code=204, responses=ACCOUNT_REFUSALS, summary="Sign this session out (it becomes a new guest)"
)
def sign_out(request: Request) -> Response:
    devices_of(request).sign_out(caller_of(request))
    return NewSession(request).give(Response(status_code=204))


@router.delete(
    "",
    status_code=204,
    responses=ACCOUNT_REFUSALS,
    summary="Delete the account and everything only its own; every device is signed out",
)
def delete_account(request: Request) -> Response:
    devices_of(request).delete_account(caller_of(request))
    return NewSession(request).give(Response(status_code=204))


@router.post(
    "/device-code",
    response_model=DeviceCodeShown,
    responses=ACCOUNT_REFUSALS,
    summary="A one-time code (and its QR code) that signs another device in",
)
def device_code(request: Request) -> dict:
    return code_with_qr(request, devices_of(request).make_code(caller_of(request)))


@router.post(
    "/device-code/claim",
    response_model=AccountShown,
    responses=ACCOUNT_REFUSALS,
    summary="Sign this device in with a code another device showed",
)
def claim(request: Request, body: DeviceCode) -> JSONResponse:
    caller = caller_of(request)
    new_session = NewSession(request)
    account = devices_of(request).claim(caller, body.code, new_session.session_id, body.keep)
    answer = _account(request, signed_in_as(caller, new_session, account["principal"]))
    return new_session.give(JSONResponse(answer))  # type: ignore[return-value]


@router.delete(
    "/devices/{device}", status_code=204, responses=ACCOUNT_REFUSALS, summary="Sign a device of your account out"
)
def remove_device(request: Request, device: str) -> Response:
    was_this_one = devices_of(request).remove_device(caller_of(request), device)
    response = Response(status_code=204)
    return NewSession(request).give(response) if was_this_one else response


@router.delete(
    "/passkeys/{passkey}", status_code=204, responses=ACCOUNT_REFUSALS, summary="Remove a passkey from your account"
)
def remove_passkey(request: Request, passkey: str) -> Response:
    devices_of(request).remove_passkey(caller_of(request), passkey)
    return Response(status_code=204)
