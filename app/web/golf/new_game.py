"""The New game dialog's model (the levels, the presets, the rules, the people sharing
the device and how they will sit) and the summary's way to deal again."""

from __future__ import annotations

from app.golf.rules import PRESETS
from app.players import LEVELS
from app.web.golf.names import LEVEL_NAMES
from app.web.golf.rule_options import RULE_OPTIONS, all_preset_words, grouped_options

PEOPLE_FIELDS = 8  # the New game dialog's fields for the names of people sharing the device
LEVEL_ABOUT = {
    "easy": "a relaxed opponent that misses chances",
    "medium": "keeps low cards and takes the obvious pairs",
    "hard": "remembers the cards seen and throws you little you can use",
    "expert": "the strongest: weighs the cards still unseen before each move",
}
PRESET_ABOUT = {
    "standard": "Standard: six cards in two rows of three, nine holes",
    "four-card": "Four-card: two rows of two, look at your bottom row once, knock to end",
    "eight-card": "Eight-card: two rows of four",
    "nine-card": "Nine-card: three rows of three, three opening reveals, rows match too",
    "jokers": "Jokers: two jokers worth −2",
    "no-final-turn": "No final turn: the hole ends as soon as a grid is face up",
    "optional-flip": "Optional flip: revealing after Discard draw is up to you",
    "knocking": "Knocking: knock to close the hole",
    "eighteen-holes": "Eighteen holes",
}


def own_level(state: dict) -> str:
    """The level the person deals their own matches at: after the daily deal (whose
    Expert they did not choose) the one they chose before it."""
    return state.get("own_level") or state["level"] or ""


def again_label(state: dict) -> str:
    """The summary's main button, saying what it does: after the daily deal a match of
    the person's own (``"New match at Easy"``), else the same match again.

    >>> again_label({"daily": "2026-12-05", "own_level": "easy", "level": "expert"})
    'New match at Easy'
    >>> again_label({"daily": None, "level": "hard"})
    'Play again'
    """
    if state.get("daily"):
        level = own_level(state)
        names = {str(lv): name for lv, name in LEVEL_NAMES.items()}
        return f"New match at {names.get(level, level)}"
    return "Play again"


def again_fields(state: dict) -> list[tuple[str, str]]:
    """The New game form's fields that deal a new match of the same level and rules;
    after the daily deal, a match of the person's own level and rules."""
    if state.get("daily"):
        return [("level", own_level(state))]
    rules = state["rules"]
    name = rules.get("name", "standard")
    preset = name.removesuffix(", changed") if name.removesuffix(", changed") in PRESETS else "standard"
    fields = [("level", state["level"] or ""), ("preset", preset)]
    fields += [(o.field, o.encode(rules[o.field])) for o in RULE_OPTIONS if o.field in rules]
    fields += [("people", name) for name in state.get("people") or []]  # the same people again
    return fields


def _and(words: list[str]) -> str:
    """``"Ann, Bo and Cy"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def players_words(players: int, people: list[str]) -> str:
    """A choice of the number of players, named as they will sit when two or more
    people's names are given: ``"3 players: Ann, Bo and 1 computer"``, else
    ``"3 players: you and 2 computers"`` (static/new-game.js says the same as names
    are typed)."""
    people = [name for name in people if name] if len([name for name in people if name]) >= 2 else []
    if len(people) > players:
        return f"{players} players: too few seats for {len(people)} people"
    computers = players - max(1, len(people))
    them = f"{computers} computer{'s' if computers != 1 else ''}"
    if not people:
        return f"{players} players: you and {them}"
    return f"{players} players: {_and(people + ([them] if computers else []))}"


def seating_words(players: int, people: list[str]) -> str:
    """Who sits where, in seat order: ``"As they will sit: Ann, Bo, Computer 2"``
    (computers named as the match names them)."""
    people = [name for name in people if name] if len([name for name in people if name]) >= 2 else []
    if len(people) > players:
        return f"As they will sit: {len(people)} people need {len(people)} seats; choose more players."
    named = people or ["You"]
    computers = ["Computer" if players == 2 else f"Computer {seat}" for seat in range(len(named), players)]
    return "As they will sit: " + ", ".join(named + computers)


def preset_short_name(preset: str) -> str:
    """A preset's name as the Rules select shows it, before its description: "Standard"."""
    return PRESET_ABOUT.get(preset, preset).split(":")[0]


def new_game_model(state: dict) -> dict:
    preset = state["rules"].get("name", "standard")
    people = state.get("people") or []
    # The same people deal again at the same number of seats; else the preset's number.
    players = state["rules"]["players"] if people else PRESETS.get(preset, PRESETS["standard"]).players
    return {
        "version": state["version"],
        "level": own_level(state),  # the daily's Expert is not the person's own
        "levels": [(lv, LEVEL_NAMES[lv], LEVEL_ABOUT[lv]) for lv in LEVELS],
        "preset": preset if preset in PRESETS else "standard",
        "presets": [(name, PRESET_ABOUT.get(name, name)) for name in PRESETS],
        "rule_options": RULE_OPTIONS,
        "rule_groups": grouped_options(),
        "preset_words": all_preset_words(),
        # The first choice of each rule names the preset it follows: "9 holes (as in Standard)".
        "preset_names": {name: preset_short_name(name) for name in PRESETS},
        # Pass and play: a field for each seat a match may have, the people of this one in
        # the first (so that the same people deal again at once).
        "people": people + [""] * (PEOPLE_FIELDS - len(people)),
        # One choice for each number of players, named as the people given will sit.
        "players": players,
        "players_choices": [(str(n), players_words(n, people)) for n in range(2, PEOPLE_FIELDS + 1)],
        "seating": seating_words(players, people),
        "warn": (
            "Dealing a new game now counts this unfinished match as a loss."
            if state["actions_taken"] and state["phase"] != "match_over"
            else None
        ),
    }
