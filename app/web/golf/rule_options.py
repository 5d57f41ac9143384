"""Every rule of :class:`~app.golf.rules.RuleSet` as a choice on the New game form.

Each option's choices are strings (what a form sends) with their words; the empty
choice keeps the preset's own value, and says what that value is. Reading a form back
accepts only the listed strings, so nothing else can reach the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from app.golf.rules import PRESETS, SIZE_FIELDS, RuleSet
from app.service.errors import Invalid

YES_NO = [("yes", "Yes"), ("no", "No")]


def _points(low: int, high: int) -> list[tuple[str, str]]:
    return [(str(v), str(v).replace("-", "\u2212")) for v in range(high, low - 1, -1)]


@dataclass(frozen=True)
class RuleOption:
    field: str
    label: str
    choices: list[tuple[str, str]]
    hint: str | None = None
    nullable: bool = False  # "none" is the rule's None (no value), not a word of its own
    group: str = ""  # the heading it is shown under (:data:`RULE_GROUPS`)

    def encode(self, value) -> str:
        """The choice string a rule value is offered as."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None and self.nullable:
            return "none"
        return str(value)

    def decode(self, text: str):
        """The rule value of a choice string (only listed ones are read)."""
        if text in ("yes", "no"):
            return text == "yes"
        if text == "none" and self.nullable:
            return None
        try:
            return int(text)
        except ValueError:
            return text

    def refusal(self) -> str:
        """Why a value not offered is refused: ``"Players must be a whole number from 2 to 8."``."""
        numbers = [int(v) for v, _ in self.choices if v.lstrip("-").isdigit()]
        if len(numbers) == len(self.choices) and sorted(numbers) == list(range(min(numbers), max(numbers) + 1)):
            return f"{self.label} must be a whole number from {min(numbers)} to {max(numbers)}."
        return f"{self.label}: choose one of {', '.join(text for _, text in self.choices)}."

    def words(self, value) -> str:
        return dict(self.choices)[self.encode(value)]


# The groups the options are shown in, in order.
TABLE, TURNS, VALUES, MATCHES, HOLE = "The table", "Turns", "Card values", "Matched lines", "The hole’s score"
RULE_GROUPS = (TABLE, TURNS, VALUES, MATCHES, HOLE)

RULE_OPTIONS: list[RuleOption] = [
    RuleOption(
        "players",
        "Number of players",
        [(str(n), f"{n} players: you and {n - 1} computer{'s' if n > 2 else ''}") for n in range(2, 9)],
        group=TABLE,
    ),
    RuleOption("holes", "Holes", [(str(n), f"{n} hole{'s' if n > 1 else ''}") for n in range(1, 19)], group=TABLE),
    RuleOption("rows", "Rows in each grid", [("2", "2 rows"), ("3", "3 rows")], group=TABLE),
    RuleOption(
        "cols", "Columns in each grid", [("2", "2 columns"), ("3", "3 columns"), ("4", "4 columns")], group=TABLE
    ),
    RuleOption(
        "decks",
        "Packs of cards",
        [("none", "One, two for six or more players"), ("1", "1 pack"), ("2", "2 packs"), ("3", "3 packs")],
        nullable=True,
        group=TABLE,
    ),
    RuleOption("opening_reveals", "Cards turned up at the start", [(str(n), str(n)) for n in range(4)], group=TURNS),
    RuleOption("peek_near_row", "Look once at your bottom row", YES_NO, group=TURNS),
    RuleOption(
        "flip_after_reject",
        "After Discard draw",
        [
            ("must", "Must reveal a card"),
            ("may", "May reveal a card"),
            ("never", "No reveal"),
            ("endgame", "May reveal once someone has one card face down (Endgame)"),
        ],
        group=TURNS,
    ),
    RuleOption(
        "flip_as_action",
        "Flip as Action: turn a card up instead of drawing",
        YES_NO,
        "Your whole turn: no card is drawn or thrown.",
        group=TURNS,
    ),
    RuleOption(
        "ending",
        "The hole closes",
        [("all_face_up", "When all your cards are face up"), ("knock", "When a player knocks")],
        group=TURNS,
    ),
    RuleOption("final_turn", "Final turn for the others", YES_NO, group=TURNS),
    RuleOption("jokers", "Jokers (two in each pack)", YES_NO, group=VALUES),
    RuleOption(
        "single_joker",
        "Lucky Swing: one joker in the whole deck",
        YES_NO,
        "Needs jokers; golfgame scores the single joker −5.",
        group=VALUES,
    ),
    RuleOption("joker_value", "A joker scores", _points(-5, 0), group=VALUES),
    RuleOption(
        "joker_pair_value",
        "A pair of jokers scores",
        [("none", "As any matched column"), *_points(-4, 0)],
        nullable=True,
        group=VALUES,
    ),
    RuleOption("twos_face_value", "Twos at face value (2, not −2)", YES_NO, group=VALUES),
    RuleOption("jacks_zero", "Jacks worth 0, kings 10", YES_NO, group=VALUES),
    RuleOption("super_kings", "Super Kings: kings worth −2", YES_NO, group=VALUES),
    RuleOption("ten_penny", "Ten Penny: 10s worth 1", YES_NO, group=VALUES),
    RuleOption("one_eyed_jacks", "One-Eyed Jacks: J\u2665 and J\u2660 worth 0", YES_NO, group=VALUES),
    RuleOption("match_value", "A matched column scores", _points(-4, 0), group=MATCHES),
    RuleOption("match_rows", "A row of one rank matches too", YES_NO, group=MATCHES),
    RuleOption("match_diagonals", "A diagonal of one rank matches too", YES_NO, "Square grids only.", group=MATCHES),
    RuleOption(
        "four_of_a_kind",
        "Two matched columns of one rank side by side",
        [("none", "Score as two pairs"), ("-10", "Score −10"), ("-20", "Score −20")],
        "Two-row grids only.",
        nullable=True,
        group=MATCHES,
    ),
    RuleOption(
        "wolfpack",
        "Wolfpack: two pairs of jacks",
        [("0", "No bonus"), ("-10", "−10 more"), ("-20", "−20 more")],
        "Two-row grids only; on top of four of a kind.",
        group=MATCHES,
    ),
    RuleOption(
        "going_out_penalty",
        "Closing without the lowest score",
        [("none", "No penalty"), ("double", "Your score doubles"), ("plus10", "10 points added")],
        group=HOLE,
    ),
    RuleOption(
        "going_out_bonus",
        "Bonus for going out first, whatever your score",
        [("0", "No bonus"), ("-3", "−3"), ("-5", "−5"), ("-10", "−10")],
        "To whoever closes the hole, by going out or by knocking.",
        group=HOLE,
    ),
    RuleOption("blackjack", "Blackjack: a hole of exactly 21 scores 0", YES_NO, group=HOLE),
    RuleOption(
        "underdog_bonus",
        "Underdog: bonus for the hole’s lowest score (ties too)",
        [("0", "No bonus"), ("-3", "−3"), ("-5", "−5")],
        group=HOLE,
    ),
    RuleOption(
        "tied_shame",
        "Tied Shame: added to a score tied with another’s",
        [("0", "Nothing added"), ("5", "+5"), ("10", "+10")],
        group=HOLE,
    ),
]

# Every rule a person can set is offered (the name is the form's preset, not a rule to set).
assert {o.field for o in RULE_OPTIONS} == set(RuleSet.model_fields) - {"name"}
assert {o.group for o in RULE_OPTIONS} == set(RULE_GROUPS)


def grouped_options() -> list[tuple[str, list[RuleOption]]]:
    """The options under their headings, in order: ``[("The table", [...]), ...]``."""
    return [(group, [o for o in RULE_OPTIONS if o.group == group]) for group in RULE_GROUPS]


def preset_words(preset: RuleSet) -> dict[str, str]:
    """What each option is under ``preset``, in words: ``{"holes": "9 holes", ...}``."""
    return {o.field: o.words(getattr(preset, o.field)) for o in RULE_OPTIONS}


@cache  # the presets never change; the New game dialog reads them on every table drawn
def all_preset_words() -> dict[str, dict[str, str]]:
    return {name: preset_words(rules) for name, rules in PRESETS.items()}


def changes_from_form(form) -> dict:
    """The rules a form sets (an empty choice keeps the preset's). A choice the form does
    not offer is refused with the reason (:class:`~app.service.errors.Invalid`)."""
    changes = {}
    for option in RULE_OPTIONS:
        text = form.get(option.field)
        if not text:
            continue
        if text not in dict(option.choices):
            raise Invalid(option.refusal())
        changes[option.field] = option.decode(text)
    return changes


def rules_from_form(form) -> dict:
    """The rules a New game form asks for: a preset, with the choices that differ from it."""
    preset = form.get("preset") or "standard"
    if preset not in PRESETS:
        raise Invalid(f"There are no rules called {preset!r}.")
    changes = changes_from_form(form)
    base = PRESETS[preset].model_dump()
    changes = {k: v for k, v in changes.items() if base.get(k) != v}
    if not changes:
        return {"name": preset}
    if set(changes) <= SIZE_FIELDS:  # the preset's rules, for other players or holes
        name = preset
    else:
        name = "custom" if preset == "standard" else f"{preset}, changed"
    return {**base, **changes, "name": name}


def preset_of(rules: dict) -> str:
    """The preset a match's rules start from: their name, less ", changed" (a changed
    standard is called "custom")."""
    name = rules.get("name", "standard").removesuffix(", changed")
    return name if name in PRESETS else "standard"


def rule_changes(rules: dict) -> list[tuple[str, str]]:
    """Each rule that differs from the preset the rules start from, as the New game form
    names it and its choice: ``[("Jokers (two in each pack)", "Yes")]``. The number of
    players is left out: a table's seats set it."""
    preset = PRESETS[preset_of(rules)]
    return [
        (o.label, o.words(rules[o.field]))
        for o in RULE_OPTIONS
        if o.field != "players" and o.field in rules and rules[o.field] != getattr(preset, o.field)
    ]
