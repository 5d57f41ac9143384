"""Properties over random seeds, random valid rule sets and random legal (or greedy) play.

Each example plays whole matches; the settings keep the golf suite to about a minute
on two cores."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.golf.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    MAX_POSITIONS,
    NEXT_HOLE,
    REJECT,
    SKIP,
    Action,
    Reveal,
    Swap,
    action_from_json,
    parse_log_entry,
)
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.events import Event, EventKind
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RulesError, RuleSet, rules_from_dict
from app.golf.undo import undo_log
from app.golf.view import view, view_event
from app.players.greedy import GreedyPlayer
from tests.oracle import card_strings

from .golfkit import cards_in_play, deck_of, known_to, with_hidden_cards_moved

SEEDS = st.integers(0, 2**32 - 1)

RULE_FIELDS = {
    "players": st.integers(2, 8),
    "rows": st.integers(2, 3),
    "cols": st.integers(2, 4),
    "decks": st.none() | st.integers(1, 3),
    "jokers": st.booleans(),
    "joker_value": st.integers(-5, 0),
    "twos_face_value": st.booleans(),
    "jacks_zero": st.booleans(),
    "match_value": st.integers(-4, 0),
    "joker_pair_value": st.none() | st.integers(-4, 0),
    "match_rows": st.booleans(),
    "match_diagonals": st.booleans(),
    "four_of_a_kind": st.none() | st.integers(-20, -10),
    "opening_reveals": st.integers(0, 3),
    "peek_near_row": st.booleans(),
    "flip_after_reject": st.sampled_from(["must", "may", "never"]),
    "ending": st.sampled_from(["all_face_up", "knock"]),
    "final_turn": st.booleans(),
    "going_out_penalty": st.sampled_from(["none", "double", "plus10"]),
}

HOUSE_FIELDS = {
    "super_kings": st.booleans(),
    "ten_penny": st.booleans(),
    "one_eyed_jacks": st.booleans(),
    "single_joker": st.booleans(),
    "wolfpack": st.sampled_from([0, -20]) | st.integers(-20, 0),
    "flip_as_action": st.booleans(),
    "going_out_bonus": st.integers(-10, 0),
    "blackjack": st.booleans(),
    "underdog_bonus": st.integers(-10, 0),
    "tied_shame": st.integers(0, 10),
    "flip_after_reject": st.sampled_from(["must", "may", "never", "endgame"]),
}

# The fields the rules let take any of their values whatever the others are.
FREE_FIELDS = ("decks", "joker_value", "twos_face_value", "match_value", "match_rows", "peek_near_row")
FREE_FIELDS += ("flip_after_reject", "ending", "final_turn", "going_out_penalty")
FREE_HOUSE_FIELDS = ("ten_penny", "flip_as_action", "going_out_bonus", "blackjack", "underdog_bonus", "tied_shame")
FREE_HOUSE_FIELDS += ("flip_after_reject",)

# Jacks worth 0 rule out Super Kings and One-Eyed Jacks: (jacks_zero, super_kings, one_eyed_jacks).
JACKS_AND_KINGS = [(False, False, False), (False, True, False), (False, False, True), (False, True, True)]
JACKS_AND_KINGS += [(True, False, False)]


def deals(fields: dict) -> bool:
    """Whether the rules accept these fields."""
    try:
        RuleSet(**fields)
    except ValidationError:
        return False
    return True


@st.composite
def rule_sets(draw, holes=st.integers(1, 2), house_rules: bool = False) -> RuleSet:
    """Any valid RuleSet (with ``house_rules``, every house rule among the fields drawn),
    built valid rather than drawn whole and thrown away when refused: the grid's shape
    first, then the fields it allows, the rules that rule one another out as one of the
    combinations allowed, and last the number of players the deck can deal to."""
    rows, cols = draw(RULE_FIELDS["rows"]), draw(RULE_FIELDS["cols"])
    free = {name: RULE_FIELDS[name] for name in FREE_FIELDS}
    if house_rules:
        free |= {name: HOUSE_FIELDS[name] for name in FREE_HOUSE_FIELDS}
    fields = {"rows": rows, "cols": cols, "holes": draw(holes), **draw(st.fixed_dictionaries(free))}
    cells = rows * cols
    most_reveals = min(3, cells - 1 if fields["ending"] == "all_face_up" else cells)
    fields["opening_reveals"] = draw(st.integers(0, most_reveals))
    fields["match_diagonals"] = draw(st.booleans()) if rows == cols else False
    fields["four_of_a_kind"] = draw(st.none() | st.sampled_from([-10, -20])) if rows == 2 else None  # its only values
    jokers = draw(RULE_FIELDS["jokers"])
    single_joker = jokers and house_rules and draw(HOUSE_FIELDS["single_joker"])
    joker_pair_value = draw(RULE_FIELDS["joker_pair_value"]) if jokers and not single_joker else None
    fields |= {"jokers": jokers, "joker_pair_value": joker_pair_value}
    if house_rules:
        jacks = draw(st.sampled_from(JACKS_AND_KINGS))
        fields |= dict(zip(("jacks_zero", "super_kings", "one_eyed_jacks"), jacks, strict=True))
        fields |= {"single_joker": single_joker, "wolfpack": draw(HOUSE_FIELDS["wolfpack"]) if rows == 2 else 0}
    else:
        fields["jacks_zero"] = draw(RULE_FIELDS["jacks_zero"])
    # Every other field is valid by now: the seats are those the deck is big enough for.
    players = [p for p in range(2, 9) if deals({**fields, "players": p})]
    if not players:
        reject()  # not seen: two grids of twelve fit in one pack
    return RuleSet(**fields, players=draw(st.sampled_from(players)))


@st.composite
def presets(draw, holes=st.integers(1, 2)) -> RuleSet:
    """One of the named presets, played over a drawn number of holes."""
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    return RuleSet(**{**preset.model_dump(), "holes": draw(holes)})


def any_rules(holes=st.integers(1, 2)):
    return presets(holes) | rule_sets(holes)


EVERY_ACTION: list[Action] = [
    *(Reveal(p) for p in range(MAX_POSITIONS)),
    *(Swap(p) for p in range(MAX_POSITIONS)),
    DRAW_STOCK,
    DRAW_DISCARD,
    REJECT,
    SKIP,
    KNOCK,
    NEXT_HOLE,
]

# Whole matches take a while: no deadline, and no complaint about it. The rule sets are
# built valid, so a complaint that too many draws were thrown away still stands: it would
# say rule_sets no longer builds what the rules accept.
RELAXED = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_play(state: GolfState, rng: random.Random, knock_chance: float, limit: int = 50_000):
    """Play random legal actions to the end of the match, yielding (seat, action, events)
    after each one. Knocking is chosen with ``knock_chance`` when offered, so holes under
    knocking rules are not all over in a turn."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = rng.choice(state.to_act() or range(state.rules.players))  # any seat deals the next hole
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} has nothing to do in phase {state.phase}"
        others = [a for a in legal if a != KNOCK]
        action = KNOCK if KNOCK in legal and (not others or rng.random() < knock_chance) else rng.choice(others)
        events = state.apply(seat, action)
        yield seat, action, events
    raise AssertionError(f"the match did not end in {limit} actions")


PLAY = dict(seed=SEEDS, play_seed=SEEDS, knock_chance=st.floats(0.01, 0.3))


# ----------------------------------------------------------------- conservation, movement, ending


@settings(max_examples=60, **RELAXED)
@given(rules=any_rules(holes=st.sampled_from([1, 2, 9, 18])), **PLAY)
def test_every_card_is_in_exactly_one_place_and_every_hole_is_scored(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    deck = Counter(deck_of(rules))
    reshuffles = 0
    for _seat, _action, events in random_play(state, random.Random(play_seed), knock_chance):
        assert cards_in_play(state) == deck
        reshuffles += sum(1 for e in events if e.kind == "reshuffle")
    event("reshuffled" if reshuffles else "no reshuffle")
    assert state.phase is Phase.MATCH_OVER
    assert len(state.hole_scores) == rules.holes
    assert all(len(scores) == rules.players for scores in state.hole_scores)
    assert all(all(up) for up in state.face_up)
    results = [state.result(s) for s in range(rules.players)]
    assert set(results) <= {"win", "loss", "draw"} and results != ["loss"] * rules.players


@settings(max_examples=60, **RELAXED)
@given(rules=any_rules(), **PLAY)
def test_cards_only_change_place_by_a_swap_at_that_place(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    before = [list(g) for g in state.grids]
    for seat, action, _events in random_play(state, random.Random(play_seed), knock_chance):
        if action == NEXT_HOLE:
            before = [list(g) for g in state.grids]
            continue
        changed = {(s, p) for s, g in enumerate(state.grids) for p, card in enumerate(g) if card != before[s][p]}
        if isinstance(action, Swap):
            assert changed <= {(seat, action.position)}
        else:
            assert not changed
        before = [list(g) for g in state.grids]


@settings(max_examples=30, **RELAXED)
@given(rules=any_rules(holes=st.just(1)), seed=SEEDS)
def test_the_stock_is_rebuilt_from_the_discards_as_often_as_it_runs_out(rules, seed):
    """Long holes: every turn draws from the stock and swaps over a face-up card (so the
    hole never closes), until the stock has run out several times."""
    state = GolfState.new(seed, rules)
    rng = random.Random(seed)
    for seat in range(rules.players):
        while state.opening_left[seat]:
            state.apply(seat, Reveal(state.face_up[seat].index(False)))
    deck = Counter(deck_of(rules))
    reshuffles = 0
    for _ in range(3 * rules.deck_size):
        seat = state.turn
        top, empty = state.discard[-1], not state.stock
        events = state.apply(seat, DRAW_STOCK)
        if empty:
            reshuffles += 1
            assert events[0] == Event(EventKind.RESHUFFLE, stock_count=len(state.stock) + 1)
            assert state.discard == [top]
        face_up = [p for p, up in enumerate(state.face_up[seat]) if up]
        if face_up:
            state.apply(seat, Swap(rng.choice(face_up)))
        else:
            state.apply(seat, REJECT)
            if state.phase is Phase.FLIP:
                state.apply(seat, state.legal_actions(seat)[0])
        assert cards_in_play(state) == deck
        assert state.phase is Phase.DRAW
    assert state.reshuffles == reshuffles >= 2
    assert replay(seed, rules, state.log) == state


# ----------------------------------------------------------------- what a seat may see


def check_views(state: GolfState, events: list[Event], rng: random.Random) -> None:
    players = state.rules.players
    public = set.intersection(*(known_to(state, s) for s in range(players)))
    for seat in range(players):
        seen = view(state, seat)
        stray = set(card_strings({k: v for k, v in seen.items() if k != "rules"})) - known_to(state, seat)
        assert not stray, f"seat {seat} is shown {stray}"
        for entry in seen["players"]:
            for cell in entry["grid"]:
                assert (cell["card"] is None) == (not cell["face_up"])
                assert "peeked" not in cell or entry["id"] == "you"
        # Moving every card the seat cannot know changes nothing it is shown.
        assert view(with_hidden_cards_moved(state, seat, rng), seat) == seen, (
            f"seat {seat}'s view depends on cards it cannot know"
        )
        for happened in events:
            assert not set(card_strings(view_event(happened, seat, players))) - public
    for happened in events:
        if happened.kind == "draw" and happened.source == "stock":
            assert happened.card is None


@settings(max_examples=40, **RELAXED)
@given(rules=any_rules(holes=st.just(1)), **PLAY)
def test_no_view_or_event_ever_holds_a_card_its_seat_may_not_know(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    rng = random.Random(play_seed)
    check_views(state, [], rng)
    for _seat, _action, events in random_play(state, rng, knock_chance):
        check_views(state, events, rng)


# ----------------------------------------------------------------- legality


@settings(max_examples=40, **RELAXED)
@given(rules=any_rules(holes=st.just(1)), **PLAY)
def test_legal_actions_are_the_single_source_of_truth(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    rng = random.Random(play_seed)
    steps = iter(random_play(state, rng, knock_chance))
    while True:
        acting = set(state.to_act())
        for seat in range(-1, rules.players + 1):
            legal = state.legal_actions(seat)
            if state.phase is not Phase.HOLE_OVER:
                assert bool(legal) == (seat in acting)
            # apply's quick check answers as the list does, for every action there is.
            assert [a for a in EVERY_ACTION if state.allows(seat, a)] == [a for a in EVERY_ACTION if a in legal]
            for action in rng.sample(EVERY_ACTION, 6) + legal:
                if action in legal:
                    state.clone().apply(seat, action)
                    continue
                before = state.clone()
                try:
                    state.apply(seat, action)
                except IllegalAction as refused:
                    assert len(str(refused)) > 10
                else:
                    raise AssertionError(f"{action} by seat {seat} was accepted though not offered")
                assert state == before
        if next(steps, None) is None:
            break


# ----------------------------------------------------------------- replay, undo, restart


@settings(max_examples=40, **RELAXED)
@given(rules=any_rules(holes=st.sampled_from([1, 2, 3])), **PLAY)
def test_replay_is_exact_and_undo_then_redo_gives_the_same_state(rules, seed, play_seed, knock_chance):
    state = GolfState.new(seed, rules)
    rng = random.Random(play_seed)
    states = [state.clone()]
    for _ in random_play(state, rng, knock_chance):
        states.append(state.clone())
    log = state.log
    assert replay(seed, rules, log) == state
    for cut in sorted(rng.sample(range(1, len(log) + 1), min(4, len(log)))):
        seat = int(log[cut - 1][0])
        shorter = undo_log(log[:cut], seat)
        assert shorter is not None and log[len(shorter)][0] == str(seat)
        assert all(entry[0] != str(seat) for entry in log[len(shorter) + 1 : cut])
        undone = replay(seed, rules, shorter)
        assert undone == states[len(shorter)]
        for entry in log[len(shorter) : cut]:
            undone.apply(*parse_log_entry(entry))
        assert undone == states[cut]


@settings(max_examples=30, **RELAXED)
@given(rules=any_rules(holes=st.just(3)), seed=SEEDS, play_seeds=st.tuples(SEEDS, SEEDS))
def test_the_same_seed_deals_the_same_holes_whatever_is_played(rules, seed, play_seeds):
    def deals(play_seed):
        state = GolfState.new(seed, rules)
        dealt = [([list(g) for g in state.grids], list(state.discard), list(state.stock))]
        for _, action, _ in random_play(state, random.Random(play_seed), 0.2):
            if action == NEXT_HOLE:
                dealt.append(([list(g) for g in state.grids], list(state.discard), list(state.stock)))
        return dealt

    assert deals(play_seeds[0]) == deals(play_seeds[1])


# ----------------------------------------------------------------- greedy play


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    players=st.sampled_from([2, 2, 3, 4, 6]),
    seed=SEEDS,
)
def test_greedy_players_finish_every_match_with_the_deck_whole(name, players, seed):
    rules = RuleSet(**{**PRESETS[name].model_dump(), "players": players, "holes": 2})
    state = GolfState.new(seed, rules)
    deck = Counter(deck_of(rules))
    player = GreedyPlayer()
    for _ in range(20_000):
        if state.is_over:
            break
        seat = (state.to_act() or (0,))[0]
        seen = view(state, seat)
        assert not set(card_strings({k: v for k, v in seen.items() if k != "rules"})) - known_to(state, seat)
        state.apply(seat, action_from_json(player.choose(seen)))
        assert cards_in_play(state) == deck
    assert state.is_over and len(state.hole_scores) == rules.holes
    assert replay(seed, rules, state.log) == state


# ----------------------------------------------------------------- rule sets


JUNK = st.none() | st.booleans() | st.integers(-30, 30) | st.text(max_size=6) | st.lists(st.integers(), max_size=2)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            **{field: values | JUNK for field, values in RULE_FIELDS.items()},
            "holes": st.integers(-1, 20),
            "name": st.sampled_from(sorted(PRESETS)) | JUNK,
        },
    )
)
def test_any_combination_of_rule_fields_is_accepted_or_refused_with_a_reason(fields):
    try:
        rules = rules_from_dict(fields)
    except RulesError as refused:
        assert str(refused)
        return
    assert rules_from_dict(rules.summary()) == rules
    assert rules.players * rules.cells + 2 <= rules.deck_size
