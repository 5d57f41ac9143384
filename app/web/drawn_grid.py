"""Small drawn grids for the pages that teach (How to play, the score calculator, the
score sheet): cards as little faces with one accessible name for the whole grid.

A grid is written as text, rows split by ``/``: ``"5H KS 2D / 5C 9D JH"``; ``?`` is a
face-down card and a bare rank (``"5"``) a card whose suit does not matter.
"""

from __future__ import annotations

from app.cards import JOKER_RANK, SUIT_NAMES, SUIT_SYMBOLS
from app.golf.rules import PRESETS, RuleSet
from app.golf.score_explained import rank_word
from app.golf.scoring import hole_scores, matched_lines, score_grid
from app.web.drawn_card import RANK_SHOWN


def drawn_grid(text: str, rules: RuleSet | None = None, score: bool = False) -> dict:
    """The grid as the ``mini_grid`` macro draws it; ``score`` adds its score to the name
    (every card must then be face up): the grid's score as a hole of its own, so with
    Blackjack a grid of 21 scores 0."""
    rows = [row.split() for row in text.split("/")]
    cols = len(rows[0])
    rules = rules or PRESETS["standard"].model_copy(update={"rows": len(rows), "cols": cols})
    if rules.rows != len(rows) or rules.cols != cols:
        rules = RuleSet(**{**rules.model_dump(), "rows": len(rows), "cols": cols})
    cards = [None if c == "?" else c for row in rows for c in row]
    paired = {p for line in matched_lines(cards, rules) for p in line}
    cells = []
    for position, card in enumerate(cards):
        if card is None:
            cells.append({"text": "", "css": "down"})
            continue
        suit = SUIT_SYMBOLS.get(card[1], "") if len(card) == 2 and card[0] != JOKER_RANK else ""
        css = ["red"] if card[1:] in ("H", "D") else []
        css += ["paired"] if position in paired else []
        cells.append({"text": RANK_SHOWN.get(card[0], card[0]) + suit, "css": " ".join(css)})
    label = "; ".join(
        f"{name} row: " + ", ".join(_card_words(c) for c in row) for name, row in zip(_row_names(len(rows)), rows)
    )
    pairs = [line for line in matched_lines(cards, rules) if line in rules.columns]
    if pairs:
        label += f"; {len(pairs)} column pair{'s' if len(pairs) > 1 else ''}"
    if score:
        label += f"; it scores {hole_scores([score_grid(cards, rules)], None, rules)[0]}"
    return {"cols": cols, "cells": cells, "label": "A grid: " + label}


def _row_names(count: int) -> tuple[str, ...]:
    return ("top", "bottom") if count == 2 else ("top", "middle", "bottom")


def _card_words(code: str) -> str:
    if code == "?":
        return "face down"
    if len(code) == 2 and code[0] != JOKER_RANK:
        return f"{rank_word(code[0])} of {SUIT_NAMES[code[1]]}"
    return rank_word(code[0])
