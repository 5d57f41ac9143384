"""The HTML pages' forms fuzzed (hypothesis, in process, SQLite): they are not in the
OpenAPI schema, but every move of the table and of solitaire is such a form, and any
field may hold anything. No answer may be a 5xx, and a refusal (4xx) leaves the game
as it was. A deeper run by hand:

    GOLF_FUZZ_EXAMPLES=300 .venv/bin/python -m pytest tests/fuzz -q
"""

from __future__ import annotations

import os
import tempfile

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.main import create_app
from app.settings import Settings

EXAMPLES = int(os.environ.get("GOLF_FUZZ_EXAMPLES", "12")) * 4

GOLF = [
    "reveal",
    "draw",
    "swap",
    "reject",
    "skip",
    "knock",
    "next-hole",
    "undo",
    "pause",
    "resume",
    "restart",
    "new",
    "hint",
    "away",
]
SOLITAIRE = ["play", "draw", "undo", "restart", "new", "hint"]
FIELDS = [
    "position",
    "version",
    "seed",
    "players",
    "holes",
    "preset",
    "level",
    "source",
    "flip_after_reject",
    "ending",
    "final_turn",
    "jokers",
    "jacks_zero",
    "match_value",
    "pile",
    "winnable_only",
    "options",
    "clock",
    "any_time",
    "queens_on_kings",
    "wrap",
]

# Text a form may carry: anything but lone surrogates (which no browser can send),
# with numbers, near-numbers and the values the pages use made likely.
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
NEAR_NUMBERS = st.sampled_from(
    [
        "0",
        "1",
        "5",
        "6",
        "7",
        "11",
        "-1",
        "²",
        "٣",
        "１",
        " 7",
        "",
        "9" * 5000,
        "1e3",
        "9007199254740992",
        "stock",
        "discard",
        "yes",
        "no",
        "-4",
        "knock",
        "may",
        "expert",
        "four-card",
        "nine-card",
        "running",
        "1",
    ]
)
VALUE = st.one_of(NEAR_NUMBERS, TEXT, st.integers(min_value=-10, max_value=10**20).map(str))
FORM = st.dictionaries(st.sampled_from(FIELDS), VALUE, max_size=6)
IF_MATCH = st.one_of(
    st.none(),
    st.sampled_from(['"1"', '"²"', "*", 'W/"2"', '"' + "9" * 5000 + '"']),
    st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=20),
)


pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client():
    with tempfile.TemporaryDirectory(prefix="golf-form-fuzz-") as data:
        app = create_app(
            Settings(database_url=f"sqlite:///{data}/golf.sqlite3", deal_key="fuzz-deal-key", rate_limit_enabled=False)
        )
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client


def _state(client, path: str) -> dict:
    response = client.get(path)
    assert response.status_code == 200
    return response.json()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=st.sampled_from(["golf", "solitaire"]), data=st.data(), form=FORM, if_match=IF_MATCH, htmx=st.booleans())
def test_no_form_makes_a_page_fail_and_a_refused_one_changes_nothing(client, game, data, form, if_match, htmx):
    command = data.draw(st.sampled_from(GOLF if game == "golf" else SOLITAIRE))
    url = f"/play/{command}" if game == "golf" else f"/solitaire/{command}"
    state_path = "/api/match" if game == "golf" else "/api/solitaire"
    before = _state(client, state_path)
    headers = {"HX-Request": "true"} if htmx else {}
    if if_match is not None:
        headers["If-Match"] = if_match.encode("latin-1")
    response = client.post(url, data=form, headers=headers, follow_redirects=False)
    assert response.status_code < 500, f"{url} {form!r} {if_match!r}: {response.status_code} {response.text[:300]}"
    if 400 <= response.status_code < 500:
        after = _state(client, state_path)
        assert after["version"] == before["version"], f"{url} {form!r} was refused but changed the game"


@settings(
    max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(
        [
            "/",
            "/table",
            "/new",
            "/scorecard",
            "/statistics",
            "/how-to-play",
            "/solitaire",
            "/solitaire/table",
            "/solitaire/new",
        ]
    ),
    query=st.dictionaries(st.sampled_from(["t", "away", "seed", "v"]), VALUE, max_size=2),
)
def test_no_query_makes_a_page_fail(client, path, query):
    response = client.get(path, params=query)
    assert response.status_code < 500, f"{path} {query!r}: {response.status_code}"
