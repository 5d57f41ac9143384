"""The Golf solitaire API of shared/API.md (``/api/solitaire``): every endpoint and
every refusal, on SQLite and PostgreSQL, and that no response shows the stock's order."""

from __future__ import annotations

import pytest

from app.cards import card_name
from app.solitaire.deals import deal
from app.solitaire.game import Draw, IllegalMove, Play, describe_move
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import solve
from tests.web.solitaire.solkit import (
    QUICK_STUCK,
    QUICK_STUCK_LEFT,
    QUICK_STUCK_MOVES,
    WINNABLE_STRICT,
    assert_no_stock_shown,
    first_legal,
    game_after,
    play_moves,
    play_out,
    post,
    winning_line,
)

SEED = 1  # under the rule as written: only pile 7 (the ace of clubs on the 2 of hearts) can be played


def solitaire_stats(api) -> dict:
    response = api.get("/api/stats")
    assert response.status_code == 200
    return response.json()["solitaire"]


def test_the_first_visit_deals_a_game(api):
    response = api.get("/api/solitaire")
    assert response.status_code == 200
    state = response.json()
    assert response.headers["etag"] == f'"{state["version"]}"'
    assert state["stock_count"] == 16
    assert state["foundation"]["count"] == 1 and state["foundation"]["top"]
    assert [len(pile) for pile in state["tableau"]] == [5] * 7
    assert state["phase"] == "playing" and state["score"] == 35 and state["moves"] == 0
    assert state["can_undo"] is False and state["elapsed_seconds"] == 0
    assert "stock" not in state
    # The cards shown are those of the numbered deal, and the playable piles its own.
    dealt = deal(state["seed"])
    assert state["tableau"] == [list(pile) for pile in dealt.tableau]
    assert state["foundation"]["top"] == dealt.foundation[-1]
    assert state["playable"] == [
        move.pile for move in game_after(state["seed"]).legal_moves() if isinstance(move, Play)
    ]
    assert_no_stock_shown(state, state)
    # Asking again gives the same deal.
    assert api.get("/api/solitaire").json()["seed"] == state["seed"]


def test_a_deal_number_gives_that_deal_in_every_browser(api):
    state = post(api, "/api/solitaire/new", {"seed": 123456})
    dealt = deal(123456)
    assert state["seed"] == 123456
    assert state["tableau"] == [list(pile) for pile in dealt.tableau]
    assert state["foundation"] == {"top": dealt.foundation[0], "count": 1}
    assert state["stock_count"] == len(dealt.stock) == 16
    api.cookies.clear()  # another browser
    other = post(api, "/api/solitaire/new", {"seed": 123456})
    assert other["tableau"] == state["tableau"] and other["foundation"] == state["foundation"]


def test_each_browser_has_its_own_game(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    post(api, "/api/solitaire/play", {"pile": 6})
    cookies = dict(api.cookies)
    api.cookies.clear()
    assert api.get("/api/solitaire").json()["moves"] == 0
    api.cookies.clear()
    api.cookies.update(cookies)
    assert api.get("/api/solitaire").json()["moves"] == 1


def test_playing_a_playable_pile_moves_its_top_card_to_the_foundation(api):
    before = post(api, "/api/solitaire/new", {"seed": SEED})
    assert before["playable"] == [6]
    card = before["tableau"][6][-1]
    after = post(api, "/api/solitaire/play", {"pile": 6})
    assert after["foundation"] == {"top": card, "count": 2}
    assert after["tableau"][6] == before["tableau"][6][:-1]
    assert after["tableau"][:6] == before["tableau"][:6]
    assert after["moves"] == before["moves"] + 1 and after["score"] == 34
    assert after["version"] == before["version"] + 1 and after["can_undo"] is True
    assert after["stock_count"] == 16


def test_a_card_that_cannot_go_is_refused_with_the_engines_reason(api):
    before = post(api, "/api/solitaire/new", {"seed": SEED})
    try:
        game_after(SEED).play(Play(0))
    except IllegalMove as error:
        reason = str(error)
    else:
        raise AssertionError("pile 1 should not be playable on deal 1")
    response = api.post("/api/solitaire/play", json={"pile": 0})
    assert response.status_code == 409
    assert response.json()["detail"] == reason
    assert reason.startswith(
        f"The {card_name(before['tableau'][0][-1])} cannot go on the {card_name(before['foundation']['top'])}"
    )
    assert api.get("/api/solitaire").json() == {**before, "elapsed_seconds": 0}


@pytest.mark.parametrize(
    "body", [{"pile": 7}, {"pile": -1}, {"pile": "three"}, {"pile": None}, {}, None, {"pile": 2, "extra": 1}]
)
def test_a_malformed_play_is_422_and_changes_nothing(api, body):
    before = post(api, "/api/solitaire/new", {"seed": SEED})
    response = api.post("/api/solitaire/play", json=body) if body is not None else api.post("/api/solitaire/play")
    if body == {"pile": 2, "extra": 1}:
        # Extra fields in a move are ignored, as in the Golf API; pile 3 cannot go on deal 1.
        assert response.status_code == 409
    else:
        assert response.status_code == 422, response.text
        assert response.json()["detail"]
    assert api.get("/api/solitaire").json()["version"] == before["version"]


def test_the_stock_waits_for_the_last_play_under_the_rule_as_written(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED, "rules": {}})
    assert state["playable"] and state["can_draw"] is False
    response = api.post("/api/solitaire/draw")
    assert response.status_code == 409
    assert response.json()["detail"] == "You can still play from the piles: turn the stock only when no play is left"
    assert api.get("/api/solitaire").json()["version"] == state["version"]
    # With no play left, it may be turned.
    state = post(api, "/api/solitaire/play", {"pile": 6})
    while state["playable"]:
        state = post(api, "/api/solitaire/play", {"pile": state["playable"][0]})
    turned = post(api, "/api/solitaire/draw")
    assert turned["stock_count"] == state["stock_count"] - 1
    assert turned["foundation"]["count"] == state["foundation"]["count"] + 1
    assert turned["foundation"]["top"] == deal(SEED).stock[0]


def test_the_stock_may_be_turned_at_any_time_when_the_option_says_so(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED, "rules": {"any_time": True}})
    assert state["rules"]["any_time"] is True and state["playable"] and state["can_draw"] is True
    turned = post(api, "/api/solitaire/draw")
    assert turned["stock_count"] == 15 and turned["foundation"] == {"top": deal(SEED).stock[0], "count": 2}
    assert turned["moves"] == 1
    # The options stay for the next deal unless changed.
    assert post(api, "/api/solitaire/new", {"seed": 2})["rules"]["any_time"] is True
    assert post(api, "/api/solitaire/new", {"seed": 2, "rules": {}})["rules"]["any_time"] is False


def test_wrap_lets_a_king_and_an_ace_meet(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED, "rules": {"wrap": True, "queens_on_kings": True}})
    assert state["rules"]["key"] == "strict+wrap"
    expected = [m.pile for m in game_after(SEED, rules=SolitaireRules(wrap=True)).legal_moves() if isinstance(m, Play)]
    assert state["playable"] == expected


def test_undo_takes_back_moves_one_at_a_time(api):
    start = post(api, "/api/solitaire/new", {"seed": SEED})
    response = api.post("/api/solitaire/undo")
    assert response.status_code == 409 and response.json()["detail"] == "There is nothing to undo yet."
    played = post(api, "/api/solitaire/play", {"pile": 6})
    second = post(api, "/api/solitaire/play", {"pile": played["playable"][0]})
    back = post(api, "/api/solitaire/undo")
    assert back["tableau"] == played["tableau"] and back["foundation"] == played["foundation"]
    assert back["moves"] == 1 and back["version"] == second["version"] + 1
    back = post(api, "/api/solitaire/undo")
    assert back["tableau"] == start["tableau"] and back["foundation"] == start["foundation"]
    assert back["moves"] == 0 and back["can_undo"] is False
    assert back["moves_taken"] == 2  # undo never lowers the count of moves made
    assert api.post("/api/solitaire/undo").status_code == 409


def test_undo_takes_back_a_turned_stock_card(api):
    post(api, "/api/solitaire/new", {"seed": SEED, "rules": {"any_time": True}})
    post(api, "/api/solitaire/draw")
    back = post(api, "/api/solitaire/undo")
    assert back["stock_count"] == 16 and back["foundation"]["count"] == 1
    assert_no_stock_shown(back, back)


def test_restart_deals_the_same_cards_from_the_start(api):
    start = post(api, "/api/solitaire/new", {"seed": SEED})
    play_moves(api, [Play(6), Play(3)])
    again = post(api, "/api/solitaire/restart")
    assert again["seed"] == SEED and again["moves"] == 0 and again["can_undo"] is False
    assert again["tableau"] == start["tableau"] and again["foundation"] == start["foundation"]
    assert again["stock_count"] == 16 and again["elapsed_seconds"] == 0


def test_a_hint_names_a_legal_move_and_counts_as_used(api):
    state = post(api, "/api/solitaire/new", {"seed": WINNABLE_STRICT})
    response = api.get("/api/solitaire/hint")
    assert response.status_code == 200
    advice = response.json()
    assert set(advice) >= {"text", "move", "winnable", "best_leftover"}
    assert advice["winnable"] is True and advice["best_leftover"] == 0
    game = game_after(WINNABLE_STRICT)
    move = Play(advice["move"]["pile"]) if advice["move"]["type"] == "play" else Draw()
    assert move in game.legal_moves()
    assert advice["text"] == describe_move(game.position, move)
    assert_no_stock_shown(advice, state)
    assert api.get("/api/solitaire").json()["hints_used"] == 1
    # Counted in the statistics once the deal counts: here, left unfinished after a move.
    path = "/api/solitaire/play" if isinstance(move, Play) else "/api/solitaire/draw"
    post(api, path, {"pile": move.pile} if isinstance(move, Play) else None)
    api.get("/api/solitaire/hint")
    post(api, "/api/solitaire/new", {"seed": 2})
    stats = solitaire_stats(api)
    assert stats["played"] == 1 and stats["hints_used"] == 2


def test_a_hint_on_a_deal_that_cannot_be_won_says_the_best_leftover(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    advice = api.get("/api/solitaire/hint").json()
    best = solve(deal(SEED)).leftover
    assert advice["winnable"] is False and advice["best_leftover"] == best > 0
    assert advice["text"].startswith(f"This deal can no longer be won; best from here leaves {best} cards. ")
    assert advice["move"] in ({"type": "play", "pile": 6}, {"type": "draw"})


@pytest.mark.parametrize("rules", [{}, {"any_time": True}, {"wrap": True}])
def test_winnable_deals_only_gives_a_deal_the_solver_clears(api, rules):
    state = post(api, "/api/solitaire/new", {"winnable_only": True, "rules": rules})
    assert state["winnable_only"] is True
    variant = SolitaireRules(**rules)
    assert solve(deal(state["seed"]), variant).won
    # The choice stays for the next random deal.
    again = post(api, "/api/solitaire/new")
    assert again["winnable_only"] is True and solve(deal(again["seed"]), variant).won


@pytest.mark.parametrize(
    "body",
    [
        {"rules": {"jokers": True}},
        {"rules": {"any_time": True, "wild": True}},
        {"seed": -1},
        {"seed": 2**53},
        {"seed": "twelve"},
        {"winnable_only": "perhaps"},
        {"level": "easy"},
    ],
)
def test_a_malformed_new_deal_is_422_and_changes_nothing(api, body):
    before = post(api, "/api/solitaire/new", {"seed": SEED})
    response = api.post("/api/solitaire/new", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["detail"]
    if "rules" in body:
        assert "Unknown solitaire rules" in response.json()["detail"]
    after = api.get("/api/solitaire").json()
    assert after["version"] == before["version"] and after["seed"] == SEED


def test_a_stale_version_is_refused_with_412(api):
    state = post(api, "/api/solitaire/new", {"seed": SEED})
    old = f'"{state["version"]}"'
    moved = post(api, "/api/solitaire/play", {"pile": 6}, headers={"If-Match": old})
    for path, body in [
        ("/api/solitaire/play", {"pile": moved["playable"][0]}),
        ("/api/solitaire/draw", None),
        ("/api/solitaire/undo", None),
        ("/api/solitaire/restart", None),
        ("/api/solitaire/new", {"seed": 5}),
    ]:
        response = api.post(path, json=body, headers={"If-Match": old})
        assert response.status_code == 412, path
        assert "moved on" in response.json()["detail"]
    assert api.get("/api/solitaire").json()["version"] == moved["version"]
    # The version now is accepted, in any of the usual spellings; nonsense is malformed.
    post(api, "/api/solitaire/undo", headers={"If-Match": f'W/"{moved["version"]}"'})
    assert api.post("/api/solitaire/undo", headers={"If-Match": "yesterday"}).status_code == 422


def test_a_deal_that_gets_stuck_ends_at_once_and_counts_once(api):
    state = post(api, "/api/solitaire/new", {"seed": QUICK_STUCK})
    state = play_out(api, state)
    assert state["phase"] == "stuck" and state["moves"] == QUICK_STUCK_MOVES
    assert state["score"] == QUICK_STUCK_LEFT and state["stock_count"] == 0
    assert state["playable"] == [] and state["can_draw"] is False
    for path, body in [("/api/solitaire/draw", None), ("/api/solitaire/play", {"pile": 0})]:
        response = api.post(path, json=body)
        assert response.status_code == 409
        assert response.json()["detail"] == "The game is over: the stock is spent and no play is left"
    advice = api.get("/api/solitaire/hint").json()
    assert advice["move"] is None and advice["text"] == f"The game is over: {QUICK_STUCK_LEFT} cards left in the piles."
    stats = solitaire_stats(api)
    assert (stats["played"], stats["won"], stats["abandoned"]) == (1, 0, 0)
    assert stats["best_score"] == stats["average_score"] == QUICK_STUCK_LEFT
    # Looking again, undoing the last move and getting stuck again, or a new deal: still once.
    api.get("/api/solitaire")
    post(api, "/api/solitaire/undo")
    again = play_out(api, api.get("/api/solitaire").json())
    assert again["phase"] == "stuck"
    post(api, "/api/solitaire/new", {"seed": 2})
    assert solitaire_stats(api)["played"] == 1


def test_a_won_deal_counts_once_as_won(api):
    post(api, "/api/solitaire/new", {"seed": WINNABLE_STRICT})
    state = play_moves(api, winning_line())
    assert state["phase"] == "won" and state["score"] == 0 and state["playable"] == []
    assert all(pile == [] for pile in state["tableau"])
    assert api.post("/api/solitaire/draw").json()["detail"] == "The game is won: every pile is cleared"
    stats = solitaire_stats(api)
    assert (stats["played"], stats["won"], stats["win_rate"]) == (1, 1, 1.0)
    assert (stats["current_streak"], stats["best_streak"], stats["best_score"]) == (1, 1, 0)
    post(api, "/api/solitaire/restart")  # a won deal is not counted again
    assert solitaire_stats(api)["played"] == 1


def test_a_deal_left_after_a_move_counts_once_as_abandoned(api):
    post(api, "/api/solitaire/new", {"seed": SEED})
    post(api, "/api/solitaire/new", {"seed": 2})  # no move made: not counted
    assert solitaire_stats(api)["played"] == 0
    state = post(api, "/api/solitaire/play", {"pile": first_playable(api)})
    post(api, "/api/solitaire/restart")
    stats = solitaire_stats(api)
    assert (stats["played"], stats["won"], stats["abandoned"]) == (1, 0, 1)
    assert stats["best_score"] == state["score"]
    post(api, "/api/solitaire/restart")  # nothing played since: not counted again
    post(api, "/api/solitaire/new")
    stats = solitaire_stats(api)
    assert (stats["played"], stats["abandoned"], stats["current_streak"]) == (1, 1, 0)


def first_playable(api) -> int:
    state = api.get("/api/solitaire").json()
    assert state["playable"], "deal 2 starts with a play"
    return state["playable"][0]


def test_the_stock_order_never_appears_in_any_response(api):
    seen = [post(api, "/api/solitaire/new", {"seed": QUICK_STUCK})]
    advice = api.get("/api/solitaire/hint").json()
    assert_no_stock_shown(advice, seen[-1])
    state = seen[-1]
    for _ in range(12):
        move = first_legal(state)
        state = post(api, move["path"], move["json"])
        seen.append(state)
        assert_no_stock_shown(api.get("/api/solitaire/hint").json(), state)
    refused = api.post("/api/solitaire/play", json={"pile": 9})
    seen.append(post(api, "/api/solitaire/undo"))
    seen.append(post(api, "/api/solitaire/restart"))
    seen.append(api.get("/api/solitaire").json())
    for state in seen:
        assert_no_stock_shown(state, state)
        assert set(state) >= {
            "version",
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
    assert_no_stock_shown(refused.json(), seen[-1])
