"""Every game of Golf is a table (migration 0010): a database made by the release before
it, upgraded on SQLite and on PostgreSQL, goes on exactly as it would have.

``data/release_0009.json`` is that release's database and its answers: the release's own
services (revision 0009) played a browser's match against the computer to every phase
(just dealt, mid-opening, holding a drawn card, the hole over, the match over, paused,
four players with a hint asked, to be undone, stored before snapshots were kept, in its
second hole with the first hole's review lost to a restart, today's counted daily deal
and a practice one, one begun after another was given up), tables of people waiting,
playing and over, reviews made, a score sheet and a solitaire deal under way; then it
dumped every row and, with its clock at ``answer_at``, gave each person's answers: the
match, table, sheet or deal as shown, the statistics, the first hole's review, and the
answer to each one's next request (a move, an undo, Resume, a new match, a join, a score
entered, a solitaire play).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData, create_engine, func, inspect, select

from app.golf.rules import PRESETS, SIZE_FIELDS
from app.resources import MIGRATIONS
from app.service.errors import NotFound
from app.service.play.match import GolfService
from app.service.review.reviews import ReviewService
from app.service.stats.results import golf_stats
from app.service.tables.notify import notifier_for
from app.service.tables.service import TableService
from app.store.repository import GOLF_TABLES
from tests.databases import fresh_database

RELEASE = json.loads((Path(__file__).parent / "data" / "release_0009.json").read_text())
DEAL_KEY = RELEASE["deal_key"].encode()
# Parents before the rows that name them.
ORDER = ["browsers", "server_keys", "golf_matches", "golf_results", "online_tables", "online_results"]


def _decoded(value):
    if isinstance(value, dict) and set(value) == {"datetime"}:
        return datetime.fromisoformat(value["datetime"])
    return value


def _config(connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _release_database(url: str) -> None:
    """The release's schema (revision 0009) holding the release's rows."""
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(_config(connection), "0009")
        metadata = MetaData()
        metadata.reflect(connection)
        names = ORDER + sorted(set(RELEASE["rows"]) - set(ORDER) - {"alembic_version"})
        for name in names:
            rows = [{k: _decoded(v) for k, v in row.items()} for row in RELEASE["rows"][name]]
            if rows:
                connection.execute(metadata.tables[name].insert(), rows)
    engine.dispose()


def _upgraded(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(_config(connection), "head")
    engine.dispose()


def _refusal(call, *args) -> list:
    try:
        return list(call(*args))
    except Exception as error:  # a refusal, as the release recorded it
        return [type(error).__name__, str(error)]


@pytest.fixture(params=["sqlite", "postgresql"])
def upgraded(request, tmp_path):
    with fresh_database(request.param, tmp_path) as url:
        _release_database(url)
        _upgraded(url)
        engine = create_engine(url)
        yield url, engine
        engine.dispose()


def named_as_now(answer: dict) -> dict:
    """The release's answer, with one change made since on purpose: rules that differ from
    the standard game only in the players or the holes are named "standard", not "custom"."""
    rules = answer.get("rules") or {}
    standard = PRESETS["standard"].model_dump()
    differs = {field for field, value in rules.items() if field != "name" and standard.get(field) != value}
    if rules.get("name") == "custom" and differs <= SIZE_FIELDS:
        return {**answer, "rules": {**rules, "name": "standard"}}
    return answer


ADDED_TO_TABLES = {"quick_play": False, "rated": False, "ratings": None, "you_left": None}
"""Fields a table's state has gained since the release (additions to the contract): a
table of the release was never made by quick play, nor rated, so it has no ratings, and
nobody watching it left a seat of it."""
ADDED_TO_RULES = {
    "super_kings": False,
    "ten_penny": False,
    "one_eyed_jacks": False,
    "single_joker": False,
    "wolfpack": 0,
    "flip_as_action": False,
    "going_out_bonus": 0,
    "blackjack": False,
    "underdog_bonus": 0,
    "tied_shame": 0,
}
"""The house rules added to every rules' fields since the release: its matches played none."""


def _left_out(values: dict, added: dict) -> dict:
    assert {field: values.get(field) for field in added} == added
    return {field: value for field, value in values.items() if field not in added}


def as_released(answer):
    """An answer now, with the fields added to the contract since the release checked
    (each at the value a game of the release has) and left out, wherever they are."""
    if isinstance(answer, list):
        return [as_released(item) for item in answer]
    if not isinstance(answer, dict):
        return answer
    shown = {field: as_released(value) for field, value in answer.items()}
    if isinstance(shown.get("rules"), dict):
        shown["rules"] = _left_out(shown["rules"], ADDED_TO_RULES)
    if "code" in shown and "seats" in shown:  # a table's state
        shown = _left_out(shown, ADDED_TO_TABLES)
    if shown.get("daily"):  # a daily deal's state tells since the release the level of one's own matches
        shown.pop("own_level", None)
    return shown


def test_every_match_against_the_computer_answers_as_the_release_did(upgraded):
    url, engine = upgraded
    assert {"golf_matches", "online_tables"}.isdisjoint(inspect(engine).get_table_names())
    with engine.connect() as connection:
        owned = connection.execute(select(func.count()).where(GOLF_TABLES.c.owner.is_not(None))).scalar()
    assert owned == len(RELEASE["rows"]["golf_matches"]) == len(RELEASE["matches"])

    at = RELEASE["answer_at"]
    golf = GolfService(engine, DEAL_KEY, now=lambda: at)
    reviews = ReviewService(engine, DEAL_KEY, now=lambda: at)
    try:
        for name, then in RELEASE["matches"].items():
            browser = then["browser"]
            assert as_released(golf.current(browser).state) == then["current"], name
            with engine.connect() as connection:
                assert golf_stats(connection, browser) == then["stats"], name
            assert _refusal(reviews.match_review, browser, 1) == then["review"], name
        for name, then in RELEASE["matches"].items():
            browser = then["browser"]
            version = golf.current(browser).state["version"]
            kind, body = then["next"]["request"]
            if kind == "resume":
                outcome = golf.resume(browser, if_match=version)
            elif kind == "undo":
                outcome = golf.undo(browser, if_match=version)
            elif kind == "new_match":
                outcome = golf.new_match(browser, **body, if_match=version)
            else:
                outcome = golf.act(browser, body, if_match=version, frames=True)
            # A new deal names its rules afresh; a match under way keeps the name it was dealt with.
            answer = named_as_now(then["next"]["answer"]) if kind == "new_match" else then["next"]["answer"]
            assert as_released(outcome.state) == answer, name
            assert [list(u) for u in outcome.undone] == then["next"]["undone"], name
            assert as_released([[f.events, f.seen] for f in outcome.frames]) == then["next"]["frames"], name
    finally:
        reviews.close()


def test_every_table_of_people_answers_as_the_release_did(upgraded):
    url, engine = upgraded
    at = RELEASE["answer_at"]
    tables = TableService(engine, DEAL_KEY, notifier_for(url), now=lambda: at)
    try:
        for name, then in RELEASE["tables"].items():
            assert as_released(tables.table(then["host"], then["code"])) == then["table"], name
            if "next" in then:
                asked = then["next"]
                if asked["request"] == "join":
                    answer = tables.join(asked["browser"], then["code"], "Eve")
                else:
                    version = tables.table(asked["browser"], then["code"])["version"]
                    answer = tables.act(asked["browser"], then["code"], asked["request"], if_match=version)
                assert as_released(answer.table) == asked["answer"], name
    finally:
        tables.close()


def test_a_match_is_never_reached_as_a_table_of_people(upgraded):
    url, engine = upgraded
    tables = TableService(engine, DEAL_KEY, notifier_for(url), now=lambda: RELEASE["answer_at"])
    try:
        with engine.connect() as connection:
            codes = connection.execute(select(GOLF_TABLES.c.code).where(GOLF_TABLES.c.owner.is_not(None))).scalars()
            for code in codes:
                with pytest.raises(NotFound, match="no table with this code"):
                    tables.table(RELEASE["matches"]["dealt"]["browser"], code)
    finally:
        tables.close()


def test_downgraded_again_every_row_is_as_the_release_stored_it(upgraded):
    url, engine = upgraded
    with engine.begin() as connection:
        command.downgrade(_config(connection), "0009")
    metadata = MetaData()
    metadata.reflect(engine)
    with engine.connect() as connection:
        for name, key in (("golf_matches", "browser_id"), ("online_tables", "code")):
            table = metadata.tables[name]
            stored = [dict(row) for row in connection.execute(select(table).order_by(table.c[key])).mappings()]
            assert stored == sorted(RELEASE["rows"][name], key=lambda row: row[key]), name


def test_score_sheets_solitaire_and_statistics_answer_as_the_release_did(upgraded):
    from dataclasses import asdict

    from app.service.scorekeeper.sheets import ScorekeeperService
    from app.service.solitaire import SolitaireService
    from app.service.stats.results import online_stats, solitaire_stats

    url, engine = upgraded
    then = RELEASE["others"]
    sheets = ScorekeeperService(engine)
    sheet = then["sheet"]
    assert asdict(sheets.sheet("browser-sheet", sheet["id"])) == sheet["shown"]
    assert asdict(sheets.shared(sheet["share_code"])) == sheet["shared"]
    solitaire = SolitaireService(engine, now=lambda: RELEASE["answer_at"])
    assert solitaire.current(then["solitaire"]["browser"]) == then["solitaire"]["current"]
    with engine.connect() as connection:
        assert solitaire_stats(connection, "browser-solitaire") == then["stats"]["solitaire"]
        for browser, stats in then["stats"]["online"].items():
            assert online_stats(connection, browser) == stats, browser
    [[hole, player, score]] = sheet["next"]["request"]
    entered, changed = sheets.enter(
        "browser-sheet", sheet["id"], {(hole, player): score}, if_match=sheet["shown"]["version"]
    )
    # The sheet's own clock is the wall's: when it was changed differs, nothing else.
    answered = {**asdict(entered), "updated_ms": None}
    assert (answered, changed) == ({**sheet["next"]["answer"], "updated_ms": None}, sheet["next"]["changed"])
    kind, pile = then["solitaire"]["next"]["request"]
    version = then["solitaire"]["current"]["version"]
    if kind == "play":
        answer = solitaire.play("browser-solitaire", pile, if_match=version)
    else:
        answer = solitaire.draw("browser-solitaire", if_match=version)
    assert answer == then["solitaire"]["next"]["answer"]
