"""The Golf solitaire engine: rules, moves, refusals, the end of a game, deals, view."""

import json

import pytest

from app.cards import STANDARD_DECK
from app.solitaire.deals import deal, parse_board
from app.solitaire.game import (
    Draw,
    Game,
    IllegalMove,
    Play,
    Position,
    apply_move,
    decode_moves,
    describe_move,
    encode_moves,
    legal_moves,
    phase,
    playable_piles,
    replay,
    view,
)
from app.solitaire.rules import SolitaireRules

STRICT = SolitaireRules()
ANY_TIME = SolitaireRules(any_time=True)


def board(text: str) -> Position:
    return parse_board(text.strip() + "\n")


# ------------------------------------------------------------------ rules


@pytest.mark.parametrize(
    "card, top, strict, queens, wrap",
    [
        (5, 6, True, True, True),  # one below
        (7, 6, True, True, True),  # one above
        (8, 6, False, False, False),  # two apart
        (6, 6, False, False, False),  # same rank
        (2, 1, True, True, True),  # a two on an ace
        (1, 2, True, True, True),  # an ace on a two
        (13, 12, True, True, True),  # a king on a queen is always consecutive
        (12, 13, False, True, True),  # a queen on a king only with the option (or wrap)
        (1, 13, False, False, True),  # an ace on a king only when ranks wrap
        (13, 1, False, False, True),  # a king on an ace only when ranks wrap
        (11, 13, False, False, False),  # nothing else on a king, ever
    ],
)
def test_which_card_goes_on_which(card, top, strict, queens, wrap):
    assert SolitaireRules().accepts(card, top) is strict
    assert SolitaireRules(queens_on_kings=True).accepts(card, top) is queens
    assert SolitaireRules(wrap=True).accepts(card, top) is wrap


def test_rules_keys_round_trip_and_drop_redundant_flags():
    for any_time in (False, True):
        for queens in (False, True):
            for wrap in (False, True):
                rules = SolitaireRules(any_time, queens, wrap)
                assert SolitaireRules.from_key(rules.key) == rules.normalized()
    assert SolitaireRules().key == "strict"
    assert SolitaireRules(any_time=True, queens_on_kings=True, wrap=True).key == "any-time+wrap"
    with pytest.raises(ValueError):
        SolitaireRules.from_key("strict+any-time")


# ------------------------------------------------------------------ refusals


SMALL = board("""
Talon: 9C KD
Foundations: QD
JC
QH TH
""")


def test_strict_rule_refuses_an_early_draw_in_words():
    assert legal_moves(SMALL, STRICT) == (Play(0),)
    refusal = "You can still play from the piles: turn the stock only when no play is left"
    with pytest.raises(IllegalMove, match=refusal):
        apply_move(SMALL, STRICT, Draw())
    assert Draw() in legal_moves(SMALL, ANY_TIME)


@pytest.mark.parametrize(
    "move, message",
    [
        (Play(1), "The 10 of hearts cannot go on the queen of diamonds"),
        (Play(2), "There is no pile 3: the piles are numbered 1 to 2"),
        (Play(-1), "There is no pile 0"),
        (Play(True), "Not a move"),
        ("draw", "Not a move"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(move, message):
    before = SMALL
    with pytest.raises(IllegalMove, match=message) as caught:
        apply_move(SMALL, STRICT, move)
    assert isinstance(caught.value, ValueError)
    assert before == SMALL


def test_nothing_may_be_played_on_a_king_and_the_message_says_so():
    position = board("Talon: 2C\nFoundations: KD\nQD\nAC")
    with pytest.raises(IllegalMove, match="no card may be played on a king"):
        apply_move(position, STRICT, Play(0))
    with pytest.raises(IllegalMove, match="only a queen may be played on a king"):
        apply_move(position, SolitaireRules(queens_on_kings=True), Play(1))
    with pytest.raises(IllegalMove, match="aces are low, so an ace and a king are not neighbours"):
        apply_move(board("Talon: 2C\nFoundations: AD\nKC"), STRICT, Play(0))
    assert legal_moves(position, SolitaireRules(wrap=True)) == (Play(0), Play(1))


def test_empty_stock_and_empty_pile_are_refused_in_words():
    position = board("Talon:\nFoundations: 5D\n4C\n:\n6H")
    with pytest.raises(IllegalMove, match="The stock is empty"):
        apply_move(position, ANY_TIME, Draw())
    with pytest.raises(IllegalMove, match="Pile 2 is empty"):
        apply_move(position, ANY_TIME, Play(1))


def test_a_game_refuses_a_move_and_stays_as_it_was():
    game = Game(1)  # the foundation shows the 2 of hearts; pile 7 the ace of clubs
    with pytest.raises(IllegalMove, match="cannot go on the 2 of hearts"):
        game.play(Play(0))
    assert game.moves == () and game.position == deal(1)
    assert game.play(Play(6)).position.top == "AC"


# ------------------------------------------------------------------ the end of a game


def test_stuck_at_once_when_the_stock_is_spent_and_nothing_plays():
    position = board("Talon: 9C TC\nFoundations: KD\nQD\nJC KC")
    position = apply_move(position, STRICT, Draw())
    assert phase(position, STRICT) == "playing"
    position = apply_move(position, STRICT, Draw())
    assert phase(position, STRICT) == "stuck" and legal_moves(position, STRICT) == ()
    with pytest.raises(IllegalMove, match="The game is over"):
        apply_move(position, STRICT, Draw())


def test_won_as_soon_as_the_piles_are_cleared_even_with_stock_left():
    position = SMALL
    for move in (Draw(), Play(1), Play(0), Play(1)):
        assert phase(position, ANY_TIME) == "playing"
        position = apply_move(position, ANY_TIME, move)
    assert position.stock == ("KD",)
    assert phase(position, ANY_TIME) == "won" and legal_moves(position, ANY_TIME) == ()
    with pytest.raises(IllegalMove, match="The game is won"):
        apply_move(position, ANY_TIME, Draw())


def test_a_position_with_no_play_at_the_start_must_draw():
    position = board("Talon: 3C\nFoundations: KD\n2H")
    assert legal_moves(position, STRICT) == (Draw(),)
    assert playable_piles(position, STRICT) == ()


# ------------------------------------------------------------------ deals


def test_deals_are_pinned_to_their_cards():
    one = deal(1)
    assert one.stock == tuple("4S 2C 7S 7C AD QD 3S 5H 3H 6H 8C 4D 5C TS JH 9C".split())
    assert one.foundation == ("2H",)
    assert one.tableau[0] == ("JS", "QC", "JD", "QS", "8H")
    assert one.tableau[6] == ("7D", "3D", "KC", "JC", "AC")
    two = deal(2)
    assert two.stock[:4] == ("KD", "2H", "9S", "QH") and two.foundation == ("7H",)
    assert two.tableau[3] == ("9D", "9C", "8C", "3S", "5D")


def test_a_deal_is_a_whole_deck_dealt_seven_by_five_and_is_always_the_same():
    for number in (0, 1, 17, 2**53 - 1):
        position = deal(number)
        assert sorted(position.cards()) == sorted(STANDARD_DECK)
        assert [len(pile) for pile in position.tableau] == [5] * 7
        assert len(position.stock) == 16 and len(position.foundation) == 1
        assert deal(number) == position
    assert deal(1) != deal(2)


def test_deal_numbers_are_non_negative_integers():
    with pytest.raises(ValueError):
        deal(-1)
    with pytest.raises(TypeError):
        deal("17")


# ------------------------------------------------------------------ games, undo, view


def test_undo_is_replay_without_the_last_move():
    game = Game(1, ANY_TIME)
    for move in (Play(6), Draw(), Play(4), Play(1)):
        game = game.play(move)
    undone = game.undo()
    assert undone == Game(1, ANY_TIME, game.moves[:-1])
    assert undone.position == replay(deal(1), ANY_TIME, game.moves[:-1])
    assert Game(1, ANY_TIME, game.moves).position == game.position
    while undone.moves:
        undone = undone.undo()
    assert undone.position == deal(1)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        undone.undo()


def test_replay_names_the_first_illegal_move():
    with pytest.raises(IllegalMove, match="Move 2: "):
        Game(1, STRICT, (Play(6), Draw())).position  # noqa: B018 (the replay runs on reading it)


def test_moves_encode_to_a_short_string_and_back():
    moves = (Play(6), Draw(), Play(0), Draw())
    assert encode_moves(moves) == "6d0d"
    assert decode_moves("6d0d") == moves
    with pytest.raises(ValueError):
        decode_moves("6x")


def test_view_has_the_public_shape_and_never_shows_the_stock():
    game = Game(1).play(Play(6))
    shown = view(game)
    assert set(shown) >= {
        "seed",
        "tableau",
        "stock_count",
        "foundation",
        "phase",
        "score",
        "moves",
        "can_undo",
        "playable",
    }
    assert shown["seed"] == 1 and shown["stock_count"] == 16 and shown["moves"] == 1
    assert shown["foundation"] == {"top": "AC", "count": 2}
    assert shown["tableau"][6] == ["7D", "3D", "KC", "JC"] and len(shown["tableau"]) == 7
    assert shown["phase"] == "playing" and shown["score"] == 34 and shown["can_undo"] is True
    assert shown["playable"] == [3] and shown["can_draw"] is False  # the 2 of diamonds
    text = json.dumps(shown)
    assert not any(card in text for card in game.position.stock)


def test_describe_move_numbers_piles_for_people():
    assert describe_move(deal(1), Play(6)) == "Play the ace of clubs from pile 7"
    assert describe_move(deal(1), Draw()) == "Turn the next stock card"
