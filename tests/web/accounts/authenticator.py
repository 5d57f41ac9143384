"""A software passkey for the tests: an EC P-256 key pair (``cryptography``) answering
the server's WebAuthn options as a browser and its authenticator would, with
attestation "none". Each answer can be spoiled in one way (another origin, another
relying party, a bad signature, an old counter) to check that the server refuses it."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

ORIGIN = "http://testserver"  # the test client's address: the server's default origin
RP_ID = "testserver"
UP, UV, AT = 0x01, 0x04, 0x40  # the flags: user present, user verified, attested credential data


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Passkey:
    """One credential: what the authenticator keeps."""

    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    user_handle: bytes = b""
    sign_count: int = 0

    def cose_public_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})


def client_data(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}).encode()


def create(options: dict, origin: str = ORIGIN, rp_id: str | None = None) -> tuple[Passkey, dict]:
    """A new passkey for ``options`` (of navigator.credentials.create()) and the
    browser's credential JSON that registers it."""
    passkey = Passkey(user_handle=unb64url(options["user"]["id"]))
    rp_hash = hashlib.sha256((rp_id or options["rp"]["id"]).encode()).digest()
    attested = bytes(16) + struct.pack(">H", len(passkey.credential_id)) + passkey.credential_id
    auth_data = rp_hash + bytes([UP | UV | AT]) + struct.pack(">I", 0) + attested + passkey.cose_public_key()
    attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
    credential = {
        "id": b64url(passkey.credential_id),
        "rawId": b64url(passkey.credential_id),
        "type": "public-key",
        "response": {
            "clientDataJSON": b64url(client_data("webauthn.create", options["challenge"], origin)),
            "attestationObject": b64url(attestation),
            "transports": ["internal"],
        },
        "clientExtensionResults": {},
        "authenticatorAttachment": "platform",
    }
    return passkey, credential


def assert_with(
    passkey: Passkey,
    options: dict,
    origin: str = ORIGIN,
    rp_id: str | None = None,
    sign_count: int | None = None,
    bad_signature: bool = False,
) -> dict:
    """The browser's credential JSON answering ``options`` (of navigator.credentials.get())
    with ``passkey``; its counter rises by one unless ``sign_count`` is given."""
    passkey.sign_count = passkey.sign_count + 1 if sign_count is None else sign_count
    rp_hash = hashlib.sha256((rp_id or options["rpId"]).encode()).digest()
    auth_data = rp_hash + bytes([UP | UV]) + struct.pack(">I", passkey.sign_count)
    data = client_data("webauthn.get", options["challenge"], origin)
    signature = passkey.key.sign(auth_data + hashlib.sha256(data).digest(), ec.ECDSA(hashes.SHA256()))
    if bad_signature:
        signature = ec.generate_private_key(ec.SECP256R1()).sign(auth_data, ec.ECDSA(hashes.SHA256()))
    return {
        "id": b64url(passkey.credential_id),
        "rawId": b64url(passkey.credential_id),
        "type": "public-key",
        "response": {
            "clientDataJSON": b64url(data),
            "authenticatorData": b64url(auth_data),
            "signature": b64url(signature),
            "userHandle": b64url(passkey.user_handle),
        },
        "clientExtensionResults": {},
        "authenticatorAttachment": "platform",
    }
