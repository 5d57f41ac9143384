"""A device code as the signed-in device shows it: the code, and a QR code of the link
that opens the Account page with the code filled in on the other device. The QR code is
an inline SVG (segno), drawn with no style or script, which the pages' Content Security
Policy allows."""

from __future__ import annotations

from urllib.parse import quote

import segno
from fastapi import Request

from app.web.accounts.caller import party_of


def claim_link(request: Request, code: str) -> str:
    return f"{party_of(request).origin}/account?code={quote(code)}"


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as an inline ``<svg>``, dark on light whatever the theme."""
    return segno.make(link, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", border=2, omitsize=False, svgclass="device-qr", lineclass=None
    )


def code_with_qr(request: Request, made: dict) -> dict:
    link = claim_link(request, made["code"])
    return {**made, "link": link, "qr_svg": qr_svg(link)}
