"""Numbers a request carries (If-Match, form fields, JSON) that are not plain whole
numbers are refused with 422, and nothing changes; on SQLite and PostgreSQL.

``str.isdigit()`` is true for "²" and "٣"; ``int()`` refuses the first, reads the
second as 3, and refuses any integer of over 4,300 digits: none of these may crash a
request or be taken as a move.
"""

from __future__ import annotations

import pytest

from app.service.errors import Invalid
from app.web.http.numbers import optional_whole_number, version_from_etag, whole_number

HUGE = "9" * 5000
# Not a whole number in ASCII digits: superscript two, Arabic-Indic three, a full-width
# one, signs, spaces, an exponent, hex, a number too long for int() to read.
NOT_WHOLE = ["²", "٣", "１", "-1", "+1", " 7", "7 ", "7\n", "1e3", "0x1", "1_000", "3.0", HUGE]


def _version(api, path="/api/match") -> int:
    return api.get(path).json()["version"]


def _header(text: str) -> bytes:
    """An If-Match header in quotes; bytes, since HTTP headers carry bytes, not text."""
    return f'"{text}"'.encode()


# --------------------------------------------------------------------------- the parser


@pytest.mark.parametrize("text", NOT_WHOLE + ["", None])
def test_only_ascii_digits_of_sensible_length_are_whole_numbers(text):
    with pytest.raises(Invalid) as refusal:
        whole_number(text, "Choose a card.")
    assert refusal.value.message == "Choose a card."


def test_typed_numbers_may_be_spaced_and_grouped_and_empty_is_none():
    assert whole_number(" 1 234 ", "no", typed=True) == 1234
    assert whole_number("1,234", "no", typed=True) == 1234
    assert optional_whole_number("  ", "no") is None
    assert optional_whole_number("0", "no") == 0
    with pytest.raises(Invalid):
        whole_number("٣", "no", typed=True)
    with pytest.raises(Invalid):
        whole_number("7", "no", high=6)


def test_if_match_forms():
    assert version_from_etag('"17"') == version_from_etag('W/"17"') == version_from_etag("17") == 17
    assert version_from_etag(None) is None and version_from_etag(" * ") is None
    for bad in ('"17', '""', '"-1"', '" 7"', f'"{HUGE}"', HUGE, '"²"'):
        with pytest.raises(Invalid):
            version_from_etag(bad)


# --------------------------------------------------------------------------- the JSON API


@pytest.mark.parametrize("text", NOT_WHOLE + [""])
def test_a_golf_if_match_that_is_no_version_is_refused_and_changes_nothing(api, text):
    before = api.get("/api/match").json()
    response = api.post("/api/match/reveal", json={"position": 0}, headers={"If-Match": _header(text)})
    assert response.status_code == 422, response.text
    assert "If-Match" in response.json()["detail"]
    after = api.get("/api/match").json()
    assert after["version"] == before["version"]
    assert after["players"][0]["grid"][0]["face_up"] is False


@pytest.mark.parametrize("header", [HUGE.encode(), _header(HUGE), "²".encode(), b'W/"\xd9\xa3"'])
def test_a_solitaire_if_match_that_is_no_version_is_refused_and_changes_nothing(api, header):
    before = _version(api, "/api/solitaire")
    response = api.post("/api/solitaire/draw", headers={"If-Match": header})
    assert response.status_code == 422, response.text
    assert _version(api, "/api/solitaire") == before


@pytest.mark.parametrize(
    "path, field",
    [
        ("/api/match/reveal", "position"),
        ("/api/match/new", "seed"),
        ("/api/solitaire/play", "pile"),
        ("/api/solitaire/new", "seed"),
    ],
)
@pytest.mark.parametrize(
    "raw", [HUGE, "1" + "0" * 4400, '"٣"', '"²"', '"3"', "NaN", "Infinity", "1e400", "-1", "2.5", "true", "false"]
)
def test_json_numbers_out_of_reason_are_refused_and_change_nothing(api, path, field, raw):
    state_path = "/api/solitaire" if "solitaire" in path else "/api/match"
    before = _version(api, state_path)
    response = api.post(path, content=f'{{"{field}": {raw}}}', headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["detail"]
    assert _version(api, state_path) == before


@pytest.mark.parametrize("body", ['{"winnable_only": 0}', '{"winnable_only": "yes"}', '{"rules": {"wrap": 1}}'])
def test_a_solitaire_yes_or_no_must_be_a_json_boolean(api, body):
    before = _version(api, "/api/solitaire")
    response = api.post("/api/solitaire/new", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert _version(api, "/api/solitaire") == before


def test_json_too_deeply_nested_is_refused_as_malformed(api):
    # Deeper than Python's recursion limit, yet under the size limit (a larger body is a 413).
    before = _version(api)
    response = api.post(
        "/api/match/new",
        content='{"rules": ' + "[" * 20_000 + "]" * 20_000 + "}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422 and response.json()["detail"]
    assert _version(api) == before


@pytest.mark.parametrize("field", ["players", "holes"])
def test_json_rules_with_numbers_out_of_reason_are_refused(api, field):
    before = _version(api)
    response = api.post(
        "/api/match/new",
        content=f'{{"rules": {{"{field}": {"9" * 4000}}}}}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422 and field in response.json()["detail"]
    assert _version(api) == before


# --------------------------------------------------------------------------- the HTML forms


def _golf_form(api, command, data, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    return api.post(f"/play/{command}", data=data, headers=headers, follow_redirects=False)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "no-script"])
@pytest.mark.parametrize("text", NOT_WHOLE + [""])
def test_a_card_position_that_is_no_number_redraws_the_table_with_the_reason(api, text, htmx):
    before = api.get("/api/match").json()
    response = _golf_form(api, "reveal", {"position": text, "version": str(before["version"])}, htmx)
    assert response.status_code == 422
    assert "Choose a card: the move named no position." in response.text
    assert ("<html" in response.text) is not htmx  # the fragment with HTMX, the whole page without
    after = api.get("/api/match").json()
    assert after["version"] == before["version"]
    assert not any(cell["face_up"] for cell in after["players"][0]["grid"])


@pytest.mark.parametrize("text", NOT_WHOLE)
def test_a_page_version_that_is_no_number_is_refused(api, text):
    before = _version(api)
    response = _golf_form(api, "reveal", {"position": "0", "version": text}, htmx=True)
    assert response.status_code == 422
    assert "not a number: reload the page" in response.text
    assert _version(api) == before
    response = api.post(
        "/play/reveal", data={"position": "0"}, headers={"HX-Request": "true", "If-Match": _header(text)}
    )
    assert response.status_code == 422
    assert _version(api) == before


@pytest.mark.parametrize("field", ["seed", "players", "holes"])
@pytest.mark.parametrize("text", [t for t in NOT_WHOLE if t.strip() != "7"])
def test_a_new_game_form_with_a_number_out_of_reason_is_refused(api, field, text):
    before = api.get("/api/match").json()
    form = {"version": str(before["version"]), "preset": "standard", field: text}
    response = _golf_form(api, "new", form, htmx=True)
    assert response.status_code == 422
    assert "whole number" in response.text
    after = api.get("/api/match").json()
    assert (after["version"], after["seed"]) == (before["version"], before["seed"])


@pytest.mark.parametrize(
    "fields",
    [
        {"seed": "²"},
        {"seed": "9007199254740992"},
        {"players": "836"},
        {"holes": "0"},
        {"level": "grandmaster"},
        {"preset": "four-card", "players": "8", "holes": "19"},
    ],
)
def test_a_refused_new_game_form_leaves_a_paused_match_paused(api, fields):
    paused = api.post("/api/match/pause").json()
    response = _golf_form(api, "new", {"version": str(paused["version"]), **fields}, htmx=True)
    assert response.status_code == 422
    after = api.get("/api/match").json()
    assert after["paused"] and after["version"] == paused["version"]


def test_a_typed_seed_may_carry_spaces_and_commas(api):
    version = _version(api)
    response = _golf_form(api, "new", {"version": str(version), "seed": " 1,234 "}, htmx=True)
    assert response.status_code == 200
    assert api.get("/api/match").json()["seed"] == 1234


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "no-script"])
@pytest.mark.parametrize("text", NOT_WHOLE + ["", "7"])
def test_a_solitaire_pile_that_is_no_pile_is_refused(api, text, htmx):
    before = api.get("/api/solitaire").json()
    headers = {"HX-Request": "true"} if htmx else {}
    response = api.post(
        "/solitaire/play",
        data={"pile": text, "version": str(before["version"])},
        headers=headers,
        follow_redirects=False,
    )
    assert response.status_code == 422
    assert "Choose one of the seven piles" in response.text
    after = api.get("/api/solitaire").json()
    assert (after["version"], after["tableau"]) == (before["version"], before["tableau"])


@pytest.mark.parametrize("text", [t for t in NOT_WHOLE if t.strip() != "7"])
def test_a_solitaire_deal_number_out_of_reason_is_refused(api, text):
    before = api.get("/api/solitaire").json()
    response = api.post(
        "/solitaire/new", data={"seed": text, "version": str(before["version"])}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    assert "A deal number is a whole number" in response.text
    after = api.get("/api/solitaire").json()
    assert (after["version"], after["seed"]) == (before["version"], before["seed"])


@pytest.mark.parametrize("stamp", ["²", "٣", HUGE, "-5"])
def test_a_page_stamp_that_is_no_number_is_a_return_to_the_table(api, stamp):
    """``?t=<ms>`` marks the visit straight after a move; any other value is a return,
    which stops the clock of a match in play."""
    api.get("/api/match")
    api.post("/api/match/reveal", json={"position": 0})
    response = api.get(f"/?t={stamp}")
    assert response.status_code == 200
    assert api.get("/api/match").json()["paused"] is True
