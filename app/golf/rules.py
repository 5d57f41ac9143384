"""The rules of a Golf match as one validated value.

Every variant of the game is a :class:`RuleSet`; the engine reads its fields and never
asks which variant it is playing. The default value is the standard game: two players,
six cards in two rows of three, one deck without jokers, two opening reveals, a flip
after throwing a stock card away, one final turn for the others, nine holes.

An impossible combination is refused when the value is built, with a message that
says why (pydantic raises ``ValidationError``; :func:`rules_from_dict` turns it into a
:class:`RulesError` carrying that sentence).

>>> RuleSet().card_value("K")
0
>>> RuleSet(jacks_zero=True).card_value("J")
0
>>> RuleSet(players=6).deck_count
2
>>> RuleSet(super_kings=True).card_value("K"), RuleSet(ten_penny=True).card_value("T")
(-2, 1)
>>> one_eyed = RuleSet(one_eyed_jacks=True)
>>> one_eyed.points_of("JH"), one_eyed.points_of("JC")
(0, 10)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.cards import JOKER_RANK, JOKERS, RANKS, STANDARD_DECK, new_deck
from app.names import NameRefused, checked_name

FlipRule = Literal["must", "may", "never", "endgame"]
Ending = Literal["all_face_up", "knock"]
GoingOutPenalty = Literal["none", "double", "plus10"]
RULES_NAME_LENGTH = 40

# One-Eyed Jacks: the two jacks drawn in profile, with one eye showing, score 0. Their
# suit sets their value, so what a card scores is looked up by its kind (its rank, or
# this kind for a one-eyed jack); a one-eyed jack still pairs with any jack.
ONE_EYED_JACKS = frozenset({"JH", "JS"})
ONE_EYED_JACK = "j"
SUPER_KING_VALUE = -2  # Super Kings
TEN_PENNY_VALUE = 1  # Ten Penny


class RulesError(ValueError):
    """A rule set that cannot be played; the message says why."""


class RuleSet(BaseModel):
    """One complete, playable set of Golf rules (frozen, hashable, JSON-friendly)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field("standard", max_length=RULES_NAME_LENGTH, description="A label shown to players.")
    players: int = Field(2, ge=2, le=8, description="Seats at the table, 2 to 8.")
    rows: int = Field(2, ge=2, le=3, description="Rows in each player's grid.")
    cols: int = Field(3, ge=2, le=4, description="Columns in each player's grid.")
    decks: int | None = Field(
        None, ge=1, le=3, description="Packs shuffled together; default one, two for six or more players."
    )
    jokers: bool = Field(False, description="Two jokers in each pack.")
    joker_value: int = Field(-2, ge=-5, le=0, description="What one joker scores.")
    twos_face_value: bool = Field(False, description="Twos count 2 instead of -2.")
    jacks_zero: bool = Field(False, description="Jacks count 0 and kings 10, instead of the other way round.")
    super_kings: bool = Field(False, description="Super Kings: kings count -2 instead of 0.")
    ten_penny: bool = Field(False, description="Ten Penny: tens count 1 instead of 10.")
    one_eyed_jacks: bool = Field(
        False, description="One-Eyed Jacks: the jacks of hearts and spades count 0 (they still pair with any jack)."
    )
    single_joker: bool = Field(
        False,
        description="One joker in the whole deck instead of two in each pack (Lucky Swing, with joker_value -5).",
    )
    match_value: int = Field(
        0, ge=-4, le=0, description="What a matched column (or row, diagonal) scores: 0, or -4 in some schools."
    )
    joker_pair_value: int | None = Field(
        None, ge=-4, le=0, description="What a matched line of jokers scores, if not match_value."
    )
    match_rows: bool = Field(False, description="A full row of one rank scores as a matched line.")
    match_diagonals: bool = Field(False, description="A full diagonal of one rank scores as a matched line.")
    four_of_a_kind: Literal[-10, -20] | None = Field(
        None, description="Two adjacent matched columns of one rank score this (-10 or -20) instead."
    )
    wolfpack: int = Field(
        0, ge=-20, le=0, description="Wolfpack: two column pairs of jacks score this much more (-20); 0 for none."
    )
    opening_reveals: int = Field(2, ge=0, le=3, description="Cards each player turns up before the first turn.")
    peek_near_row: bool = Field(
        False, description="Each player looks once at their bottom row and lays it face down again."
    )
    flip_after_reject: FlipRule = Field(
        "must",
        description=(
            "After throwing a stock card away: must, may, or never reveal a card; endgame: may, but only "
            "once some player has at most one face-down card."
        ),
    )
    flip_as_action: bool = Field(
        False, description="Flip as Action: instead of drawing, turn one of your face-down cards up as your turn."
    )
    ending: Ending = Field(
        "all_face_up", description="The hole closes when a player has every card up, or when one knocks."
    )
    final_turn: bool = Field(True, description="After the hole closes, each other player has one more turn.")
    going_out_penalty: GoingOutPenalty = Field(
        "none", description="For the player who closed the hole without the strictly lowest score."
    )
    going_out_bonus: int = Field(
        0, ge=-10, le=0, description="Points for the player who closed the hole, whatever their score (-5); 0 for none."
    )
    blackjack: bool = Field(False, description="Blackjack: a hole's score of exactly 21 becomes 0.")
    underdog_bonus: int = Field(
        0, ge=-10, le=0, description="Points for every player with the hole's lowest score (-3); 0 for none."
    )
    tied_shame: int = Field(
        0, ge=0, le=10, description="Points added to every player whose hole score ties another's (5); 0 for none."
    )
    holes: int = Field(9, ge=1, le=18, description="Holes in a match.")

    @model_validator(mode="after")
    def _playable(self) -> RuleSet:
        cells = self.rows * self.cols
        needed = self.players * cells + 2  # every grid, the first discard, one card of stock
        if needed > self.deck_size:
            packs = "1 pack holds" if self.deck_count == 1 else f"{self.deck_count} packs hold"
            raise ValueError(
                f"{self.players} players with {cells} cards each need at least {needed} cards, "
                f"but {packs} only {self.deck_size}: use more decks or fewer players"
            )
        if self.opening_reveals > cells:
            raise ValueError(f"a grid of {cells} cards cannot reveal {self.opening_reveals} at the start")
        if self.ending == "all_face_up" and self.opening_reveals >= cells:
            raise ValueError("with every card revealed at the start, the hole would be over before it began")
        if self.match_diagonals and self.rows != self.cols:
            raise ValueError("diagonals can only match on a square grid")
        if self.four_of_a_kind is not None and self.rows != 2:
            raise ValueError("four of a kind needs a grid of two rows (two column pairs side by side)")
        if self.joker_pair_value is not None and not self.jokers:
            raise ValueError("a value for a pair of jokers needs jokers in the deck")
        if self.single_joker and not self.jokers:
            raise ValueError("a single joker (Lucky Swing) needs jokers in the deck")
        if self.single_joker and self.joker_pair_value is not None:
            raise ValueError("with a single joker in the deck no two jokers can pair: leave their pair value unset")
        if self.super_kings and self.jacks_zero:
            raise ValueError("super kings make a king -2 and jacks worth 0 make it 10: choose one of the two rules")
        if self.one_eyed_jacks and self.jacks_zero:
            raise ValueError("with every jack worth 0, one-eyed jacks change nothing: choose one of the two rules")
        if self.wolfpack and self.rows != 2:
            raise ValueError("the wolfpack needs a grid of two rows (two column pairs of jacks)")
        return self

    # Derived values. cached_property works on frozen pydantic models and keeps the
    # engine's inner loops free of recomputation.

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> RuleSet:
        """A copy, its derived values worked out afresh: pydantic copies the values kept
        in the instance (the cached properties) with the fields, and a copy with other
        fields would keep the original's."""
        copy = super().model_copy(update=update, deep=deep)
        for name in _DERIVED:
            copy.__dict__.pop(name, None)
        return copy

    @cached_property
    def deck_count(self) -> int:
        """Packs in play: as set, else one, or two for six or more players."""
        if self.decks is not None:
            return self.decks
        return 2 if self.players >= 6 else 1

    @cached_property
    def joker_count(self) -> int:
        """Jokers in the deck: two in each pack, or one in all (Lucky Swing), or none."""
        if not self.jokers:
            return 0
        return 1 if self.single_joker else 2 * self.deck_count

    @cached_property
    def deck_size(self) -> int:
        return self.deck_count * 52 + self.joker_count

    def deck(self) -> list[str]:
        """Every card of the deck, in a fixed order (dealing shuffles a copy).

        >>> len(RuleSet(jokers=True, single_joker=True, decks=2).deck())
        105
        """
        if self.single_joker:
            return new_deck(self.deck_count) + [JOKERS[0]]
        return new_deck(self.deck_count, self.jokers)

    @cached_property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def values(self) -> dict[str, int]:
        """What each kind of card scores on its own: each rank, and with One-Eyed Jacks
        the one-eyed jack (:attr:`kinds`)."""
        values = {rank: index + 1 for index, rank in enumerate(RANKS)}
        values.update(T=10, J=10, Q=10, K=0)
        values["2"] = 2 if self.twos_face_value else -2
        if self.jacks_zero:
            values.update(J=0, K=10)
        if self.super_kings:
            values["K"] = SUPER_KING_VALUE
        if self.ten_penny:
            values["T"] = TEN_PENNY_VALUE
        if self.one_eyed_jacks:
            values[ONE_EYED_JACK] = 0
        values[JOKER_RANK] = self.joker_value
        return values

    def card_value(self, rank: str) -> int:
        return self.values[rank]

    @cached_property
    def kinds(self) -> dict[str, str]:
        """The kind of each card code (and of each bare rank): the key of :attr:`values`.
        A card's kind is its rank, but for a one-eyed jack where that rule is on."""
        kinds = {code: code[0] for code in (*STANDARD_DECK, *JOKERS)}
        kinds.update({rank: rank for rank in (*RANKS, JOKER_RANK)})
        if self.one_eyed_jacks:
            kinds.update(dict.fromkeys(ONE_EYED_JACKS, ONE_EYED_JACK))
        return kinds

    @cached_property
    def pairs_as(self) -> dict[str, str]:
        """The rank each kind of card matches as: a one-eyed jack pairs with any jack."""
        return {kind: "J" if kind == ONE_EYED_JACK else kind for kind in self.values}

    def points_of(self, card: str) -> int:
        """What a card (a code, or a bare rank) scores on its own under these rules."""
        return self.values[self.kinds.get(card, card[0])]

    @property
    def optional_reveal(self) -> bool:
        """Whether the reveal after throwing a stock card away may be left out."""
        return self.flip_after_reject in ("may", "endgame")

    @cached_property
    def columns(self) -> tuple[tuple[int, ...], ...]:
        """The positions of each column, top to bottom, left column first."""
        return tuple(tuple(c + r * self.cols for r in range(self.rows)) for c in range(self.cols))

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every line of positions that scores as matched when one rank fills it."""
        rows, cols = self.rows, self.cols
        lines = list(self.columns)
        if self.match_rows:
            lines += [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
        if self.match_diagonals:
            lines.append(tuple(i * cols + i for i in range(rows)))
            lines.append(tuple(i * cols + (cols - 1 - i) for i in range(rows)))
        return tuple(lines)

    @cached_property
    def near_row(self) -> tuple[int, ...]:
        """The bottom row, the cards nearest their owner."""
        return tuple(range((self.rows - 1) * self.cols, self.rows * self.cols))

    def summary(self) -> dict:
        """The rules as JSON, every field included (a copy of its own to each caller)."""
        return dict(self._dumped)

    @cached_property
    def _dumped(self) -> dict:
        # Every seat's view of every move holds the rules: dumped once, the rules being frozen
        # and their fields plain values.
        return self.model_dump()


_DERIVED = tuple(name for name, value in vars(RuleSet).items() if isinstance(value, cached_property))

PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "four-card": RuleSet(
        name="four-card",
        cols=2,
        opening_reveals=0,
        peek_near_row=True,
        flip_after_reject="never",
        ending="knock",
    ),
    "eight-card": RuleSet(name="eight-card", cols=4),
    "nine-card": RuleSet(name="nine-card", rows=3, opening_reveals=3, match_rows=True),
    "jokers": RuleSet(name="jokers", jokers=True),
    "no-final-turn": RuleSet(name="no-final-turn", final_turn=False),
    "optional-flip": RuleSet(name="optional-flip", flip_after_reject="may"),
    "knocking": RuleSet(name="knocking", ending="knock"),
    "eighteen-holes": RuleSet(name="eighteen-holes", holes=18),
}


# How many play and for how many holes: a match's size, not its rules. A preset keeps its
# name whatever these are (a standard game of four players is still the standard game).
SIZE_FIELDS = frozenset({"players", "holes"})


def rules_from_dict(data: dict | None) -> RuleSet:
    """Build a RuleSet from JSON, starting from a preset when ``name`` names one.

    Raises :class:`RulesError` with a sentence a person understands.
    """
    if data is not None and not isinstance(data, dict):
        raise RulesError("rules must be an object of rule fields")
    data = dict(data or {})
    if "name" not in data and set(data) - SIZE_FIELDS:
        data["name"] = "custom"  # changed rules without a name are no longer "standard"
    name = data.get("name", "standard")
    base = PRESETS.get(name, PRESETS["standard"]) if isinstance(name, str) else PRESETS["standard"]
    try:
        return RuleSet(**{**base.model_dump(), **data})
    except ValidationError as error:
        raise RulesError(_explain(error)) from None


def rules_read_again(data: dict) -> RuleSet:
    """:func:`rules_from_dict` for rules read over and over (a view's, drawn on every
    board and read by every computer's move): built once per distinct rule set, since
    validating them costs more than drawing a board's cards.

    >>> rules_read_again({"name": "jokers", "jokers": True}) is rules_read_again({"jokers": True, "name": "jokers"})
    True
    """
    return _rules_from_items(tuple(sorted(data.items())))


@lru_cache(maxsize=64)
def _rules_from_items(items: tuple) -> RuleSet:
    return rules_from_dict(dict(items))


def rules_from_request(data: dict | None) -> RuleSet:
    """Rules a person sent: their name through the one check of names (it is shown to
    every seat), then as :func:`rules_from_dict`. Stored rules are read back with
    :func:`rules_from_dict` alone, so that a rule set saved before the check still plays.

    >>> rules_from_request({"name": "  Friday  rules "}).name
    'Friday rules'
    """
    if isinstance(data, dict) and "name" in data:
        try:
            data = {**data, "name": checked_name(data["name"], "The rules' name", RULES_NAME_LENGTH, person=False)}
        except NameRefused as refused:
            raise RulesError(str(refused)) from None
    return rules_from_dict(data)


def _explain(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)
