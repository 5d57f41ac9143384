"""The score calculator page, ``/score``: lay out a grid under a rule set and see its
score explained line by line, by the game's own scoring.

The form is a GET, so every grid has an address (the worked examples are links). With
HTMX each change redraws the explanation in place; without script the button does.
The scorekeeper opens the same form for one cell of its sheet (``score_form_model``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.golf.rules import RulesError, RuleSet, rules_from_dict
from app.golf.scoring import points_text
from app.service.errors import Invalid
from app.service.scorekeeper.calculator import calculate, card_from_text
from app.web.common import templates
from app.web.drawn_grid import drawn_grid

router = APIRouter(include_in_schema=False)
templates.env.globals["drawn_grid"] = drawn_grid
templates.env.filters["points"] = points_text

# Each choice on the form: (field name, label, [(value, words, rule fields)]). The first
# value is the standard game's; anything not listed is taken as the first.
SHAPES = [
    ("2x3", "2 rows of 3 (six-card)"),
    ("2x2", "2 rows of 2 (four-card)"),
    ("2x4", "2 rows of 4 (eight-card)"),
    ("3x3", "3 rows of 3 (nine-card)"),
    ("3x4", "3 rows of 4"),
]
CHOICES: list[tuple[str, str, list[tuple[str, str, dict]]]] = [  # (field, label, [(value, words, rule fields)])
    ("shape", "Grid", [(value, words, {"rows": int(value[0]), "cols": int(value[2])}) for value, words in SHAPES]),
    (
        "jokers",
        "Jokers",
        [
            ("none", "No jokers", {}),
            ("-2", "Jokers in the deck, −2 each", {"jokers": True}),
            ("-5", "Jokers in the deck, −5 each", {"jokers": True, "joker_value": -5}),
            (
                "lucky",
                "One joker in the deck, −5 (Lucky Swing)",
                {"jokers": True, "single_joker": True, "joker_value": -5},
            ),
        ],
    ),
    ("twos", "Twos", [("-2", "A 2 counts −2", {}), ("2", "A 2 counts 2", {"twos_face_value": True})]),
    (
        "court",
        "The zero card",
        [
            ("kings", "Kings 0, jacks 10", {}),
            ("jacks", "Jacks 0, kings 10", {"jacks_zero": True}),
            ("super", "Kings −2, jacks 10 (Super Kings)", {"super_kings": True}),
        ],
    ),
    ("tens", "Tens", [("10", "A 10 counts 10", {}), ("1", "A 10 counts 1 (Ten Penny)", {"ten_penny": True})]),
    (
        "one_eyed",
        "One-eyed jacks",
        [("no", "Count as any jack", {}), ("yes", "J♥ and J♠ count 0 (One-Eyed Jacks)", {"one_eyed_jacks": True})],
    ),
    ("pair", "A column pair", [("0", "scores 0", {}), ("-4", "scores −4", {"match_value": -4})]),
    (
        "joker_pair",
        "A pair of jokers",
        [("same", "scores as any pair", {}), ("-4", "scores −4", {"joker_pair_value": -4})],
    ),
    (
        "lines",
        "What else matches",
        [
            ("columns", "Columns only", {}),
            ("rows", "Rows too (nine-card)", {"match_rows": True}),
            ("diagonals", "Rows and diagonals", {"match_rows": True, "match_diagonals": True}),
        ],
    ),
    (
        "four",
        "Four of a kind (two pairs side by side)",
        [("none", "No bonus", {}), ("-10", "−10", {"four_of_a_kind": -10}), ("-20", "−20", {"four_of_a_kind": -20})],
    ),
    ("wolfpack", "Two pairs of jacks", [("none", "No bonus", {}), ("-20", "−20 more (Wolfpack)", {"wolfpack": -20})]),
    (
        "blackjack",
        "A hole of exactly 21",
        [("21", "Scores 21", {}), ("0", "Scores 0 (Blackjack)", {"blackjack": True})],
    ),
]

EXAMPLES = [
    ("Alice’s hole in the worked example: 17", "5H KS 2D 5C 9D JH", {}),
    ("Ben’s hole in the worked example: 2", "7 K 2 7 3 A", {}),
    ("8 over 8 is 0; 8 over 3 is 11", "8 8 K 8 3 K", {}),
    ("A jack over a queen is 20, not a pair", "J K K Q K K", {}),
    ("A pair of 2s is 0, not −4", "2 K K 2 K K", {}),
    ("A pair worth −4: three pairs make −12", "5 9 Q 5 9 Q", {"pair": "-4"}),
    ("Jacks worth nothing", "J K 2 J 9 Q", {"court": "jacks"}),
    ("A joker over a 2 does not pair", "X K 5 2 K 5", {"jokers": "-2"}),
    ("Jokers paired, worth −4", "X K 5 X K 5", {"jokers": "-2", "joker_pair": "-4"}),
    ("Four of a kind: −10", "6 6 9 6 6 A", {"four": "-10"}),
    ("Four-card golf", "Q 3 Q A", {"shape": "2x2"}),
    ("Eight-card golf", "4 K 7 J 4 2 7 9", {"shape": "2x4"}),
    ("Nine-card: three of a kind in a row", "7 7 7 3 4 K 9 2 2", {"shape": "3x3", "lines": "rows"}),
    ("Super Kings: a loose king is −2", "K K 2 9 K 5", {"court": "super"}),
    ("Ten Penny: a 10 counts 1", "10 5 Q 4 6 10", {"tens": "1"}),
    ("One-Eyed Jacks: the jack of hearts is 0", "JH JS JD Q JC 3", {"one_eyed": "yes"}),
    ("Wolfpack: two pairs of jacks, −20 more", "J 5 J J 9 J", {"wolfpack": "-20"}),
    ("Blackjack: 21 becomes 0", "Q 9 A Q 8 3", {"blackjack": "0"}),
    ("Lucky Swing: the single joker is −5", "X K 5 2 K 5", {"jokers": "lucky"}),
]


def choose(params) -> tuple[dict[str, str], dict]:
    """The form's choices (each checked against its list) and the rule fields they make."""
    chosen, fields = {}, {}
    for name, _, options in CHOICES:
        value = params.get(name)
        known = {v: f for v, _, f in options}
        chosen[name] = value if value in known else options[0][0]
        fields.update(known[chosen[name]])
    return chosen, fields


def rules_of(fields: dict) -> RuleSet:
    try:
        return rules_from_dict({"name": "calculator", **fields} if fields else None)
    except RulesError as error:
        raise Invalid(str(error)) from None


def example_href(base: str, cards: str, choices: dict) -> str:
    query = "&".join([f"{k}={v}" for k, v in choices.items()] + [f"card={c}" for c in cards.split()])
    return f"{base}?{query}"


def score_form_model(params, base: str = "/score") -> dict:
    """Everything the calculator form and its result need, from the query's fields."""
    chosen, fields = choose(params)
    entries = list(params.getlist("card"))[:12]
    model: dict[str, object] = {
        "chosen": chosen,
        "choices": CHOICES,
        "base": base,
        "message": None,
        "result": None,
        "examples": [(words, example_href(base, cards, {**c})) for words, cards, c in EXAMPLES],
    }
    try:
        rules = rules_of(fields)
    except Invalid as error:
        rules = rules_of({k: v for k, v in fields.items() if k in ("rows", "cols")})
        model["message"] = f"These rules cannot go together: {error.message}"
    entries = (entries + [""] * rules.cells)[: rules.cells]
    model.update(
        rows=rules.rows,
        cols=rules.cols,
        rules=rules,
        cells=[
            {
                "name": f"{row} row, {column} column",
                "value": entries[r * rules.cols + c][:8],
                "id": f"card-{r * rules.cols + c}",
            }
            for r, row in enumerate(_names(rules.rows, ("top", "middle", "bottom")))
            for c, column in enumerate(_names(rules.cols, ("left", "middle", "right")))
        ],
    )
    given = [e for e in entries if e.strip()]
    if model["message"]:
        return model
    if len(given) < rules.cells:
        model["waiting"] = f"{len(given)} of {rules.cells} cards given: fill in every card to see the score."
        return model
    try:
        result = calculate(entries, {"name": "calculator", **fields} if fields else None)
    except Invalid as error:
        model["message"] = error.message
        return model
    cards_text = " / ".join(
        " ".join(result_card(e) for e in entries[r * rules.cols : (r + 1) * rules.cols]) for r in range(rules.rows)
    )
    model["result"] = {**result, "drawn": drawn_grid(cards_text, rules)}
    return model


def result_card(text: str) -> str:
    return card_from_text(text) or "?"


def _names(count: int, three: tuple[str, str, str]) -> tuple[str, ...]:
    if count == 2:
        return (three[0], three[2])
    if count == 3:
        return three
    return ("first", "second", "third", "fourth")[:count]


@router.get("/score", response_class=HTMLResponse)
def score_page(request: Request):
    model = score_form_model(request.query_params)
    status = 422 if model["message"] else 200
    return templates.TemplateResponse(
        request, "scorekeeper/score.html", {"page": "score", "calc": model}, status_code=status
    )
