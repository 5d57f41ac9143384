"""Results and statistics: each finished or abandoned game is one row, and the
statistics are worked out from a browser's rows whenever they are asked for."""

from __future__ import annotations

from sqlalchemy import Connection

from app.golf.engine import GolfState
from app.store import repository
from app.store import tables as table_store
from app.store.tables import TableRecord

PERSON = 0


def record_golf_result(
    connection: Connection,
    record: TableRecord,
    state: GolfState,
    elapsed_seconds: int,
    abandoned: bool = False,
    replay_id: str | None = None,
) -> None:
    """A finished match counts its result (with its replay's id); a begun match given up
    counts as a loss.

    Pass and play (several people sharing the browser's device) is a game among people,
    not against the computer: it is kept with the browser's results among people, marked
    as pass and play and counted apart from its tables, as the result of its first
    person, the one who deals it on their own device (the browser has one set of
    statistics, and its people's other seats are other people's)."""
    if sum(seat.kind == "person" for seat in record.seats) > 1:
        assert record.match_id is not None  # every match dealt with people has its id
        record_online_result(
            connection,
            record.browser_id,
            record.match_id,
            state,
            PERSON,
            abandoned=abandoned,
            replay_id=replay_id,
            pass_and_play=True,
        )
        return
    assert record.level is not None  # a match of one person is played against computers
    repository.add_golf_result(
        connection,
        browser_id=record.browser_id,
        level=record.level,
        rules_name=state.rules.name,
        outcome="loss" if abandoned else state.result(PERSON),
        abandoned=abandoned,
        total=None if abandoned else state.totals()[PERSON],
        holes_played=len(state.hole_scores),
        elapsed_seconds=elapsed_seconds,
        hints_used=record.hints_used,
        holes=state.rules.holes,
        actions_taken=record.actions_taken,
        daily=record.daily,
        replay_id=replay_id,
    )


def streaks(outcomes: list[bool]) -> tuple[int, int]:
    """The current and the best run of wins, oldest game first.

    >>> streaks([True, True, False, True])
    (1, 2)
    """
    current = best = 0
    for won in outcomes:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def _golf_summary(results: list[dict]) -> dict:
    played = len(results)
    won = sum(r["outcome"] == "win" for r in results)
    totals = [r["total"] for r in results if r["total"] is not None]  # finished matches only
    current, best = streaks([r["outcome"] == "win" for r in results])
    return {
        "played": played,
        "won": won,
        "lost": sum(r["outcome"] == "loss" for r in results),
        "drawn": sum(r["outcome"] == "draw" for r in results),
        "abandoned": sum(bool(r["abandoned"]) for r in results),
        "win_rate": round(won / played, 4) if played else None,
        "current_streak": current,
        "best_streak": best,
        "best_total": min(totals) if totals else None,
        "average_total": round(sum(totals) / len(totals), 2) if totals else None,
        "hints_used": sum(r["hints_used"] for r in results),
        "actions_taken": sum(r.get("actions_taken") or 0 for r in results),
    }


RECENT = 10  # the finished totals a rule set's chart shows


def rules_key(result: dict) -> str:
    """The rule set a result counts under: its rules and its length, ``"standard, 9 holes"``.

    Totals are only comparable within one: a four-card match and a six-card one, or a
    match of 9 holes and one of 18, score on different scales."""
    name, holes = result["rules_name"], result.get("holes")
    if name == "eighteen-holes":  # the standard game, longer: the same scale per hole
        name, holes = "standard", 18
    return f"{name}, {holes} hole{'' if holes == 1 else 's'}" if holes else name


def _by_rules(results: list[dict]) -> dict[str, dict]:
    """A summary for each rule set played, with its recent finished totals (oldest first)."""
    keys = list(dict.fromkeys(rules_key(r) for r in results))  # in the order first played
    by_rules = {}
    for key in keys:
        mine = [r for r in results if rules_key(r) == key]
        summary = _golf_summary(mine)
        summary["recent_totals"] = [r["total"] for r in mine if r["total"] is not None][-RECENT:]
        by_rules[key] = summary
    return by_rules


def golf_stats(connection: Connection, browser_id: str) -> dict:
    """Overall, for each computer level played, and for each rule set played; the daily
    deal's matches apart (``daily``), everyone's same deals being a game of their own."""
    results = repository.golf_results(connection, browser_id)
    dailies = [r for r in results if r.get("daily")]
    results = [r for r in results if not r.get("daily")]
    summary = _golf_summary(results)
    summary["daily"] = _golf_summary(dailies)
    summary["by_level"] = {
        level: _golf_summary([r for r in results if r["level"] == level])
        for level in sorted({r["level"] for r in results})
    }
    summary["by_rules"] = _by_rules(results)
    current = table_store.load_match(connection, browser_id)
    if current is not None and not current.recorded:
        summary["actions_taken"] += current.actions_taken  # the match under way counts its actions too
    summary["hints_used"] += _hints_under_way(current)
    return summary


def _hints_under_way(current) -> int:
    """Hints asked in the game being played count before it is over, too."""
    return current.hints_used if current is not None and not current.recorded else 0


def solitaire_stats(connection: Connection, browser_id: str) -> dict:
    results = repository.solitaire_results(connection, browser_id)
    played = len(results)
    won = sum(bool(r["won"]) for r in results)
    scores = [r["score"] for r in results]
    current, best = streaks([bool(r["won"]) for r in results])
    hints = sum(r["hints_used"] for r in results) + _hints_under_way(repository.load_solitaire(connection, browser_id))
    return {
        "played": played,
        "won": won,
        "lost": played - won,
        "abandoned": sum(bool(r["abandoned"]) for r in results),
        "win_rate": round(won / played, 4) if played else None,
        "best_score": min(scores) if scores else None,
        "average_score": round(sum(scores) / len(scores), 2) if scores else None,
        "current_streak": current,
        "best_streak": best,
        "hints_used": hints,
    }


def record_online_result(
    connection: Connection,
    browser_id: str,
    table_code: str,
    state: GolfState,
    seat: int,
    abandoned: bool = False,
    replay_id: str | None = None,
    pass_and_play: bool = False,
) -> None:
    """A person's finished table (or the one they left, as a loss), kept apart from the
    matches against the computer; a pass-and-play match's marked as such."""
    table_store.add_online_result(
        connection,
        browser_id=browser_id,
        table_code=table_code,
        rules_name=state.rules.name,
        players=state.rules.players,
        outcome="loss" if abandoned else state.result(seat),
        abandoned=abandoned,
        total=None if abandoned else state.totals()[seat],
        holes_played=len(state.hole_scores),
        replay_id=replay_id,
        seat=seat,
        pass_and_play=pass_and_play,
    )


def online_stats(connection: Connection, browser_id: str) -> dict:
    """Tables played with other people: the same figures as against the computer.
    Pass and play is not among them (:func:`pass_and_play_stats`)."""
    results = [
        {**r, "hints_used": 0} for r in table_store.online_results(connection, browser_id) if not r["pass_and_play"]
    ]
    summary = _golf_summary(results)
    del summary["hints_used"], summary["actions_taken"]
    return summary


def pass_and_play_stats(connection: Connection, browser_id: str) -> dict:
    """Pass-and-play matches dealt in this browser, as its first person's results: the
    same figures as the tables'. A match given up before its end is counted as left
    unfinished (``abandoned``), not as a loss: several people share the device, and
    dealing anew is everyone's choice, not a defeat of the first person's."""
    results = [{**r, "hints_used": 0} for r in table_store.online_results(connection, browser_id) if r["pass_and_play"]]
    summary = _golf_summary(results)
    summary["lost"] = sum(r["outcome"] == "loss" and not r["abandoned"] for r in results)
    del summary["hints_used"], summary["actions_taken"]
    return summary
