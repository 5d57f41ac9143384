"""The short-lived cookie that carries what a move said across the redirect (no script)
comes back from the browser, so it may hold anything: the page is drawn all the same,
without it; on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import time

import pytest


@pytest.mark.parametrize(
    "payload",
    [
        b"[" * 5000,  # nested past the JSON reader's depth
        b'{"say": "\\ud800 lone half"}',  # a surrogate that UTF-8 cannot carry back
        b'{"say": ' + b"9" * 5000 + b"}",  # an integer too long to read
        b"\xff\xfe not text",
        b'{"say": ["not", "text"]}',
    ],
)
@pytest.mark.parametrize("path, cookie", [("/", "golf_flash"), ("/solitaire", "solitaire_flash")])
def test_a_flash_cookie_of_any_shape_is_dropped_and_the_page_drawn(api, path, cookie, payload):
    api.get(path)
    api.cookies.set(cookie, base64.urlsafe_b64encode(payload).decode())
    response = api.get(f"{path}?t={int(time.time() * 1000)}")  # as straight after a move
    assert response.status_code == 200
    assert "lone half" not in response.text and "not text" not in response.text


def test_a_well_formed_flash_cookie_is_shown(api):
    api.get("/")
    said = base64.urlsafe_b64encode(b'{"say": "The computer drew from the stock."}').decode()
    api.cookies.set("golf_flash", said)
    response = api.get(f"/?t={int(time.time() * 1000)}")
    assert response.status_code == 200 and "The computer drew from the stock." in response.text
