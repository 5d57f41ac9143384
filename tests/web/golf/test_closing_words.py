"""What the table's live region says when a hole closes, through the page itself, on
SQLite and PostgreSQL: the four-card knock is told as a knock, once."""

from __future__ import annotations

import html
import re


def _said(fragment: str) -> str:
    """Everything the fragment gives the live region to announce."""
    parts = re.findall(r'data-say(?:-first)?="([^"]*)"', fragment)
    return html.unescape(" ".join(parts))


def test_knocking_at_four_card_golf_is_told_as_a_knock(api):
    api.cookies.set("golf_speed", "instant")
    state = api.post("/api/match/new", json={"seed": 5, "rules": {"name": "four-card"}}).json()
    assert state["phase"] == "draw" and not any(c["face_up"] for c in state["players"][0]["grid"])
    response = api.post("/play/knock", data={"version": str(state["version"])}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    said = _said(response.text)
    assert said.count("You knocked: the computer has one final turn.") == 1, said
    assert "face up" not in said
    assert api.get("/api/match").json()["phase"] == "hole_over"
