"""Properties of random games, and the list of winnable deals."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.cards import STANDARD_DECK
from app.solitaire.deals import deal
from app.solitaire.game import Draw, Game, IllegalMove, Play, view
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import solve
from app.solitaire.winnable import VARIANTS, winnable_deal, winnable_deals

rules_strategy = st.builds(SolitaireRules, st.booleans(), st.booleans(), st.booleans())


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    number=st.integers(0, 2**53 - 1),
    rules=rules_strategy,
    choices=st.lists(st.integers(0, 99), max_size=60),
)
def test_random_legal_play_keeps_every_card_once(number, rules, choices):
    game = Game(number, rules)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            assert game.phase in ("won", "stuck")
            break
        before = game.position
        game = game.play(moves[choice % len(moves)])
        position = game.position
        assert sorted(position.cards()) == sorted(STANDARD_DECK)
        # A move takes exactly one card: from a pile top, or the next stock card.
        assert len(position.foundation) == len(before.foundation) + 1
        assert position.cards_left + len(position.stock) == before.cards_left + len(before.stock) - 1
    shown = view(game)
    assert shown["score"] == sum(len(pile) for pile in shown["tableau"]) == game.score
    assert shown["stock_count"] + shown["foundation"]["count"] + shown["score"] == 52
    assert shown["phase"] == game.phase and shown["moves"] == len(game.moves)
    assert shown["can_undo"] is bool(game.moves)
    text = json.dumps(shown)
    assert not any(card in text for card in game.position.stock)
    assert Game(number, rules, game.moves).position == game.position


@settings(max_examples=100, deadline=None, derandomize=True)
@given(number=st.integers(0, 10**6), rules=rules_strategy, choices=st.lists(st.integers(0, 99), max_size=40))
def test_legal_moves_is_the_one_authority(number, rules, choices):
    game = Game(number, rules)
    for choice in choices:
        legal = game.legal_moves()
        # Every move the engine could be asked for either is listed or is refused.
        for move in [Draw()] + [Play(pile) for pile in range(7)]:
            if move in legal:
                game.play(move)
            else:
                with pytest.raises(IllegalMove):
                    game.play(move)
        if not legal:
            break
        playable = view(game)["playable"]
        assert [move.pile for move in legal if isinstance(move, Play)] == playable
        game = game.play(legal[choice % len(legal)])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(number=st.integers(0, 10**9), choices=st.lists(st.integers(0, 99), min_size=1, max_size=30))
def test_undo_then_replaying_gives_back_the_same_game(number, choices):
    game = Game(number, SolitaireRules(any_time=True))
    history = [game]
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game = game.play(moves[choice % len(moves)])
        history.append(game)
    for earlier in reversed(history[:-1]):
        game = game.undo()
        assert game == earlier and game.position == earlier.position
        assert view(game) == view(earlier)


# ------------------------------------------------------------------ winnable deals


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: rules.key)
def test_a_sample_of_the_winnable_list_is_right(rules):
    listed = winnable_deals(rules)
    assert list(listed) == sorted(set(listed)) and len(listed) >= 200
    sample = random.Random(rules.key)
    for number in sample.sample(listed, 4):
        assert solve(deal(number), rules).won, number
    unlisted = sorted(set(range(1, listed[-1])) - set(listed))
    for number in sample.sample(unlisted, min(4, len(unlisted))):
        assert not solve(deal(number), rules).won, number


def test_winnable_deal_uses_the_callers_generator():
    rules = SolitaireRules()
    first = [winnable_deal(rules, random.Random(7)) for _ in range(3)]
    assert len(set(first)) == 1 and first[0] in winnable_deals(rules)
    rng = random.Random(1)
    picked = {winnable_deal(rules, rng) for _ in range(50)}
    assert len(picked) > 10 and picked <= set(winnable_deals(rules))
    # Equivalent rules share a list: wrapping ranks already let a queen go on a king.
    both = SolitaireRules(any_time=True, queens_on_kings=True, wrap=True)
    assert winnable_deals(both) == winnable_deals(SolitaireRules(any_time=True, wrap=True))
