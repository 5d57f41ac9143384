"""The turning points of a finished match, and the peak of a player's chance, in words.

From the chances of :func:`app.players.win_chance.win_chances`, :func:`turning_points`
finds, for each person at the table, the steps that moved their chance to win most (up
or down): at most :data:`PER_SEAT` each, largest change first. Each is told by what
happened at that step (the deal of a hole, or a seat's action, every card named: the
match is over), and where it was the person's own decision, with the review's verdict
and reason (:func:`app.players.review.judge`, seeded as the review seeds it, so the
verdict is the review's own).

A turning point is kept as data (:class:`TurningPoint`): the sentence is made by
:func:`sentence` when it is shown, with the seats' names as the replay has them then
(a deleted account's name is rewritten in its replays, and must not linger here).

>>> sentence({"hole": 4, "change": -0.18, "seat": 0, "actor": 0, "doing": "swapping the jack for your 2",
...           "did": "", "verdict": "mistake", "would": "Throw the jack away", "reason": None}, ["Ann", "Bea"])
'Hole 4: swapping the jack for your 2 cost you 18 points of chance: better, throw the jack away.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from app.cards import rank_name
from app.golf.actions import Action, Draw, Flip, Knock, NextHole, Reject, Reveal, Skip, Swap, parse_log_entry
from app.golf.engine import GolfState
from app.golf.phases import Phase
from app.golf.rules import RuleSet
from app.golf.view import view
from app.players.advice import place_name
from app.players.review import judge

PER_SEAT = 3  # turning points per person at most
SMALLEST = 0.01  # a change of less than a point of chance is no turning point


@dataclass(frozen=True)
class TurningPoint:
    """One step that moved ``seat``'s chance by ``change`` (in shares of 1, signed)."""

    step: int  # the step after the action (or deal) that moved the chance
    seat: int
    change: float
    hole: int
    actor: int | None  # whose action it was; None for the deal of a hole
    doing: str  # the action as the seat's own ("swapping the jack for your 2"); "" for a deal
    did: str  # the action as another's, without its subject ("took the 5 from the discard pile")
    verdict: str | None = None  # the review's, where it was the seat's own decision
    would: str | None = None  # what the Expert would have done, where it differs
    reason: str | None = None  # the review's reason

    def to_json(self) -> dict:
        return asdict(self)


def turning_points(
    rules: RuleSet, seed: int, log: Sequence[str], chances: Sequence[Sequence[float]], seats: Sequence[int]
) -> list[TurningPoint]:
    """The turning points of ``seats`` (the people's) in the match ``(seed, rules, log)``
    whose chances are ``chances`` (one entry a step): largest change first."""
    chosen: list[tuple[int, int, float]] = []  # (step, seat, change)
    for seat in seats:
        changes = [(step, chances[step][seat] - chances[step - 1][seat]) for step in range(1, len(chances))]
        changes = [(step, change) for step, change in changes if abs(change) >= SMALLEST]
        changes.sort(key=lambda found: (-abs(found[1]), found[0]))
        chosen += [(step, seat, change) for step, change in changes[:PER_SEAT]]
    chosen.sort(key=lambda found: (-abs(found[2]), found[0], found[1]))
    wanted = {step for step, _, _ in chosen}
    told: dict[tuple[int, int], TurningPoint] = {}
    state = GolfState.new(seed, rules)
    for index, entry in enumerate(log):
        step = index + 1
        actor, action = parse_log_entry(entry)
        if step not in wanted:
            state.apply(actor, action)
            continue
        before = state.clone()
        state.apply(actor, action)
        for point_step, seat, change in chosen:
            if point_step == step:
                told[(step, seat)] = tell(before, state, index, actor, action, seat, change)
    return [told[(step, seat)] for step, seat, _ in chosen]


def tell(
    before: GolfState, after: GolfState, index: int, actor: int, action: Action, seat: int, change: float
) -> TurningPoint:
    """The turning point of ``seat`` at the action ``index`` of the log (``before`` it and ``after``)."""
    change = round(change, 4)
    if isinstance(action, NextHole):
        return TurningPoint(index + 1, seat, change, after.hole, None, "", "")
    words = ActionWords(before, after, actor)
    point = TurningPoint(index + 1, seat, change, before.hole, actor, words.doing(action), words.did(action))
    if actor != seat or before.phase is Phase.OPENING:
        return point
    decision = judge(view(before, actor), action.to_json(), index)
    would = decision.would if decision.verdict != "best" else None
    return TurningPoint(**{**point.to_json(), "verdict": decision.verdict, "would": would, "reason": decision.reason})


class ActionWords:
    """An action at a finished match's step in words, every card named (nothing is
    secret any more): as the actor's own ("swapping the jack for your 2") or as
    another's ("swapped the jack for their 2")."""

    def __init__(self, before: GolfState, after: GolfState, actor: int):
        self.before, self.after, self.actor = before, after, actor
        self.rules = before.rules

    def place(self, position: int) -> str:
        return place_name(position, self.rules.rows, self.rules.cols)

    def card(self, code: str | None) -> str:
        return rank_name(code[0]) if code else "card"

    def doing(self, action: Action) -> str:
        return self.say(action, own=True)

    def did(self, action: Action) -> str:
        return self.say(action, own=False)

    def say(self, action: Action, own: bool) -> str:
        before, after, actor = self.before, self.after, self.actor
        whose = "your" if own else "their"

        def verb(gerund: str, past: str) -> str:
            return gerund if own else past

        if isinstance(action, (Reveal, Flip)):
            card = self.card(after.grids[actor][action.position])
            instead = " instead of drawing" if isinstance(action, Flip) else ""
            return f"{verb('turning up', 'turned up')} {whose} {card} at {self.place(action.position)}{instead}"
        if isinstance(action, Draw) and action.source == "discard":
            return f"{verb('taking', 'took')} the {self.card(after.held)} from the discard pile"
        if isinstance(action, Draw):
            return f"{verb('drawing', 'drew')} the {self.card(after.held)} from the stock"
        if isinstance(action, Swap):
            old = before.grids[actor][action.position]
            hidden = "" if before.face_up[actor][action.position] else "face-down "
            return f"{verb('swapping', 'swapped')} the {self.card(before.held)} for {whose} {hidden}{self.card(old)}"
        if isinstance(action, Reject):
            return f"{verb('throwing', 'threw')} the {self.card(before.held)} away"
        if isinstance(action, Skip):
            return f"{verb('leaving', 'left')} {whose} last card face down"
        if isinstance(action, Knock):
            return verb("knocking", "knocked")
        return verb("dealing the next hole", "dealt the next hole")


def points_of(change: float) -> str:
    """A change of chance in points (percentage points): ``"18 points"``.

    >>> points_of(-0.183), points_of(0.011)
    ('18 points', '1 point')
    """
    n = max(1, round(abs(change) * 100))
    return f"{n} point{'s' if n != 1 else ''}"


def sentence(point: dict, names: Sequence[str]) -> str:
    """A turning point in words, for its seat's person ("you"), the others named."""
    moved = "cost" if point["change"] < 0 else "gained"
    amount = f"{points_of(point['change'])} of chance"
    hole = f"Hole {point['hole']}"
    if point["actor"] is None:
        return f"{hole}: the deal {'cost' if point['change'] < 0 else 'gave'} you {amount}."
    if point["actor"] != point["seat"]:
        return f"{hole}: {names[point['actor']]} {point['did']}, which {moved} you {amount}."
    text = f"{hole}: {point['doing']} {moved} you {amount}"
    reason, would = point.get("reason"), point.get("would")
    if would and not (reason and "better:" in reason):
        text += f": better, {would[0].lower()}{would[1:]}"
        if reason and reason.startswith(f"{would}: "):  # the reason for the better move, said once
            reason = reason[len(would) + 2 :]
            reason = reason[0].upper() + reason[1:]
    return f"{text}. {reason}" if reason else f"{text}."


def peak_of(chances: Sequence[Sequence[float]], holes: Sequence[int], seat: int) -> dict | None:
    """The height of ``seat``'s chance before the match was decided (from there on it is
    all or nothing), in whole percent, and the hole of the first step at that height:
    ``{"percent", "hole"}``; None where it was decided from the first deal. ``holes``
    gives each step's hole.

    >>> peak_of([[0.5, 0.5], [0.714, 0.286], [0.6, 0.4], [0.0, 1.0]], [1, 1, 2, 2], 0)
    {'percent': 71, 'hole': 1}
    """
    final = chances[-1][seat]
    decided = len(chances) - 1  # the first step from which the chance is the end's
    while decided > 0 and chances[decided - 1][seat] == final:
        decided -= 1
    if decided == 0:
        return None
    peak = max(range(decided), key=lambda step: (chances[step][seat], -step))
    # Not yet decided, so never said as 100%: an estimate may touch 1.0 and fall after.
    percent = min(round(100 * chances[peak][seat]), 99)
    return {"percent": percent, "hole": holes[peak]}


def said_peak(peak: dict, whose: str = "Your") -> str:
    """The line for a person at a match's end (``whose``: "Ann's", said of another).

    >>> said_peak({"percent": 71, "hole": 6})
    'Your chance peaked at 71% on hole 6'
    """
    return f"{whose} chance peaked at {peak['percent']}% on hole {peak['hole']}"


def peak_sentence(
    chances: Sequence[Sequence[float]], holes: Sequence[int], seat: int, whose: str = "Your"
) -> str | None:
    """:func:`said_peak` of :func:`peak_of`: "Your chance peaked at 71% on hole 6"."""
    peak = peak_of(chances, holes, seat)
    return said_peak(peak, whose) if peak is not None else None
