"""Your statistics page (``/statistics``): your matches against the computer, in all and
by level, by rule set (with your recent totals as a chart), the daily deal, tables of
people, pass and play, and solitaire."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.players import LEVELS
from app.web.charts import line_chart
from app.web.common import browser_id, templates
from app.web.dependencies import statistics_of
from app.web.golf.names import LEVEL_NAMES

router = APIRouter(include_in_schema=False)

STAT_ROWS = [
    ("played", "Played"),
    ("won", "Won"),
    ("lost", "Lost"),
    ("abandoned", "Left unfinished (counted as lost)"),
    ("drawn", "Drawn"),
    ("win_rate", "Win rate"),
    ("current_streak", "Current winning streak"),
    ("best_streak", "Best winning streak"),
    ("hints_used", "Hints used"),
    ("actions_taken", "Actions taken"),
]
# Pass and play: a match given up is left unfinished, not lost.
PASS_AND_PLAY_LABELS = {"abandoned": "Left unfinished (not counted as lost)"}
# Totals only compare within one rule set (and one length of match): they are shown there.
RULES_STAT_ROWS = [
    ("played", "Played"),
    ("won", "Won"),
    ("win_rate", "Win rate"),
    ("best_total", "Best total"),
    ("average_total", "Average total"),
    ("actions_taken", "Actions taken"),
]


def rules_label(key: str) -> str:
    """``"standard, 9 holes"`` as a heading: ``"Standard, 9 holes"``."""
    return key[:1].upper() + key[1:]


def _stat(key: str, value) -> str:
    if value is None:
        return "–"
    if key == "win_rate":
        return f"{value * 100:.0f}%"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


SOLITAIRE_STAT_ROWS = [
    ("played", "Played"),
    ("won", "Won"),
    ("abandoned", "Left unfinished"),
    ("win_rate", "Win rate"),
    ("average_score", "Average score (cards left)"),
    ("best_score", "Best score"),
    ("current_streak", "Current winning streak"),
    ("best_streak", "Best winning streak"),
    ("hints_used", "Hints used"),
]


@router.get("/statistics", response_class=HTMLResponse)
def statistics(request: Request):
    stats = statistics_of(request).of(browser_id(request))
    golf, solitaire = stats["golf"], stats["solitaire"]
    columns = [("All levels", golf)] + [
        (LEVEL_NAMES.get(lv, lv), golf["by_level"][lv]) for lv in LEVELS if lv in golf.get("by_level", {})
    ]
    rows = [{"label": label, "values": [_stat(key, data.get(key)) for _, data in columns]} for key, label in STAT_ROWS]
    solitaire_rows = [{"label": label, "value": _stat(key, solitaire.get(key))} for key, label in SOLITAIRE_STAT_ROWS]
    daily = golf.get("daily") or {}
    daily_rows = [
        {"label": label, "value": _stat(key, daily.get(key))} for key, label in STAT_ROWS if key != "hints_used"
    ]  # no hints in a counted daily deal
    online = stats.get("online") or {}
    online_rows = [
        {"label": label, "value": _stat(key, online.get(key))} for key, label in STAT_ROWS if key != "hints_used"
    ]  # no hints at a table of people
    shared = stats.get("pass_and_play") or {}
    pass_and_play_rows = [
        {"label": PASS_AND_PLAY_LABELS.get(key, label), "value": _stat(key, shared.get(key))}
        for key, label in STAT_ROWS
        if key not in ("hints_used", "actions_taken")
    ]  # no hints among people; a match given up is not the first person's loss
    rule_sets: list[dict] = []
    for key, data in golf.get("by_rules", {}).items():
        label = rules_label(key)
        recent = data["recent_totals"]
        rule_sets.append(
            {
                "label": label,
                "id": f"rules-{len(rule_sets) + 1}",
                "rows": [{"label": text, "value": _stat(name, data.get(name))} for name, text in RULES_STAT_ROWS],
                "recent": recent,
                "chart": line_chart(
                    [("Your total", recent)],
                    [str(i + 1) for i in range(len(recent))],
                    f"{label}: your last {len(recent)} finished totals, oldest first",
                    x_title="Match",
                )
                if len(recent) > 1
                else None,
            }
        )
    return templates.TemplateResponse(
        request,
        "golf/stats.html",
        {
            "page": "stats",
            "columns": [name for name, _ in columns],
            "rows": rows,
            "played": golf["played"],
            "rule_sets": rule_sets,
            "solitaire_rows": solitaire_rows,
            "solitaire_played": solitaire["played"],
            "review": stats.get("review"),
            "online_rows": online_rows,
            "online_played": online.get("played", 0),
            "pass_and_play_rows": pass_and_play_rows if shared.get("played") else None,
            "pass_and_play_played": shared.get("played", 0) - shared.get("abandoned", 0),
            "daily_rows": daily_rows,
            "daily_played": daily.get("played", 0),
        },
    )
