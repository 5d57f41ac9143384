"""The score calculator: a grid a person typed in, checked, then scored and explained by
the game's own scoring (:func:`app.golf.score_explained.explain_grid`).

A cell is a card code (``"5H"``, ``"TS"``, ``"X1"``) or just a rank (``"5"``, ``"10"``,
``"K"``, ``"joker"``): suits never change a score, but for a jack under One-Eyed Jacks
(the jacks of hearts and spades score 0), which needs its suit. Anything else is refused
with :class:`Invalid`, naming the cell and saying what would do.

The hole's own rules follow the grid's score (:func:`app.golf.scoring.hole_adjustments`):
Blackjack and the going-out bonus from the grid alone, the going-out penalty, the
underdog bonus and tied shame once the others' scores are given.
"""

from __future__ import annotations

from collections import Counter

from app.cards import JOKER_RANK, RANKS, SUITS
from app.golf.rules import PRESETS, RulesError, RuleSet, rules_from_request
from app.golf.score_explained import explain_grid, rank_word
from app.golf.scoring import hole_adjustments
from app.service.errors import Invalid

MAX_CELL_TEXT = 8  # "joker", "10H", "10♥": anything longer is not a card
SUIT_SYMBOLS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
ACCEPTED = "a rank (A, 2 to 10, J, Q, K) with or without a suit letter (5H, 10S), or a joker"


def rules_for(rules: object) -> RuleSet:
    """The rules named by a preset's name or given as rule fields (None: the standard game)."""
    if rules is None:
        return PRESETS["standard"]
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise Invalid(f"rules: there is no preset called {rules[:40]!r}; presets: {', '.join(PRESETS)}")
        return PRESETS[rules]
    try:
        return rules_from_request(rules)  # type: ignore[arg-type]
    except RulesError as error:
        raise Invalid(f"rules: {error}") from None


def card_from_text(text: object) -> str | None:
    """A cell as a card code or a bare rank letter, or None when it is not a card."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_CELL_TEXT:
        return None
    word = text.strip().upper()
    if word in ("X", "JOKER", "JK", "X1", "X2"):
        return word if word in ("X1", "X2") else JOKER_RANK
    if word and word[-1] in SUIT_SYMBOLS:
        word = word[:-1].strip() + SUIT_SYMBOLS[word[-1]]
    suit = ""
    if len(word) >= 2 and word[-1] in SUITS:
        word, suit = word[:-1], word[-1]
    rank = {"10": "T", "1": "A"}.get(word, word)
    if len(rank) != 1 or rank not in RANKS:
        return None
    return rank + suit


def parse_grid(cells: object, rules: RuleSet) -> list[str]:
    """The grid's cards, row by row, each checked against the rules' shape and deck."""
    shape = f"{rules.rows} rows of {rules.cols}"
    if not isinstance(cells, list):
        raise Invalid(f"grid: a list of {rules.cells} cards is needed ({shape}, top row first)")
    if len(cells) != rules.cells:
        raise Invalid(f"grid: {rules.cells} cards are needed for {shape} (top row first), not {len(cells)}")
    cards = []
    for index, text in enumerate(cells):
        where = f"grid[{index}] (row {index // rules.cols + 1}, column {index % rules.cols + 1})"
        if text is None or (isinstance(text, str) and not text.strip()):
            raise Invalid(f"{where}: empty; every card counts at the end of a hole, so give each one")
        card = card_from_text(text)
        if card is None:
            shown = text[:12] if isinstance(text, str) else type(text).__name__
            raise Invalid(f"{where}: {shown!r} is not a card; give {ACCEPTED}")
        if card[0] == JOKER_RANK and not rules.jokers:
            raise Invalid(f"{where}: there are no jokers in the deck under these rules")
        if card == "J" and rules.one_eyed_jacks:
            raise Invalid(
                f"{where}: with one-eyed jacks a jack's suit sets its score: give JH or JS (0) or JC or JD (10)"
            )
        cards.append(card)
    _check_deck(cards, rules)
    return cards


def _check_deck(cards: list[str], rules: RuleSet) -> None:
    """No more of a card, a rank or jokers than the packs in play hold."""
    packs = rules.deck_count
    held = "one pack holds" if packs == 1 else f"{packs} packs hold"
    for card, count in Counter(c for c in cards if len(c) == 2 and c[0] != JOKER_RANK).items():
        if count > packs:
            raise Invalid(f"grid: {card} is there {count} times, but {held} {packs}")
    in_deck = Counter(card[0] for card in rules.deck())
    for rank, count in Counter(c[0] for c in cards).items():
        most = in_deck[rank]
        if count > most:
            if rank == JOKER_RANK and rules.single_joker:
                raise Invalid(f"grid: {count} jokers, but the deck holds a single joker under these rules")
            raise Invalid(f"grid: {count} {rank_word(rank, plural=True)}, but {held} only {most}")


def calculate(cells: object, rules: object, went_out: bool = False, others: list[int] | None = None) -> dict:
    """The score of a typed-in grid under the given rules, explained line by line, then
    the hole's own rules as last lines: this player closed the hole (``went_out``) and
    the others' scores for the hole, before the underdog bonus and tied shame (``others``),
    where given."""
    ruleset = rules_for(rules)
    cards = parse_grid(cells, ruleset)
    explained = explain_grid(cards, ruleset)
    steps = hole_adjustments([explained["score"], *(others or [])], 0 if went_out else None, ruleset)[0]
    score = explained["score"] + sum(step["points"] for step in steps)
    return {"score": score, "lines": explained["lines"] + steps, "rules": ruleset.name}
