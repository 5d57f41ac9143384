"""Helpers for the solitaire web tests: deals known in advance, playing a deal to its
end through the JSON API, and the cards a response may not show (the stock's order).

Deal numbers are public and fixed, so the tests know every card of a deal: the stock
still to turn is the end of ``deal(seed).stock``, the part the state only counts."""

from __future__ import annotations

from app.cards import card_name
from app.solitaire.deals import deal
from app.solitaire.game import Draw, Game, Play
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import solve
from tests.oracle import card_strings

STRICT = SolitaireRules()
WINNABLE_STRICT = 7  # proved winnable under the rule as written (app/solitaire/winnable_deals.json)
QUICK_STUCK = 40  # taking the first legal move each time, stuck after 23 moves with 28 cards left
QUICK_STUCK_MOVES, QUICK_STUCK_LEFT = 23, 28


def first_legal(state: dict) -> dict:
    """The body and route of the first legal move in a state: the leftmost playable pile, else the stock."""
    if state["playable"]:
        return {"path": "/api/solitaire/play", "json": {"pile": state["playable"][0]}}
    return {"path": "/api/solitaire/draw", "json": None}


def post(api, path: str, body: dict | None = None, status: int = 200, **kwargs) -> dict:
    response = api.post(path, json=body, **kwargs) if body is not None else api.post(path, **kwargs)
    assert response.status_code == status, f"{path}: {response.status_code} {response.text}"
    return response.json()


def move_body(move) -> tuple[str, dict | None]:
    if isinstance(move, Draw):
        return "/api/solitaire/draw", None
    return "/api/solitaire/play", {"pile": move.pile}


def play_moves(api, moves, seen: list | None = None) -> dict:
    state = None
    for move in moves:
        path, body = move_body(move)
        state = post(api, path, body)
        if seen is not None:
            seen.append(state)
    return state


def play_out(api, state: dict, seen: list | None = None, limit: int = 60) -> dict:
    """Take the first legal move until the deal is over; returns the final state."""
    for _ in range(limit):
        if state["phase"] != "playing":
            return state
        move = first_legal(state)
        state = post(api, move["path"], move["json"])
        if seen is not None:
            seen.append(state)
    raise AssertionError("the deal did not end")


def winning_line(seed: int = WINNABLE_STRICT, rules: SolitaireRules = STRICT):
    solution = solve(deal(seed), rules)
    assert solution.won
    return solution.moves


def unseen_stock(state: dict) -> list[str]:
    """The stock cards not turned yet, in order: what no response may show."""
    stock = deal(state["seed"]).stock
    return list(stock[len(stock) - state["stock_count"] :])


def strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return [value] if isinstance(value, str) else []


def assert_no_stock_shown(response_json, state: dict) -> None:
    """No card code or card name of the unseen stock anywhere in a JSON value."""
    hidden = unseen_stock(state)
    codes = set(card_strings(response_json))
    assert not codes & set(hidden), f"stock cards shown: {codes & set(hidden)}"
    text = " ".join(strings(response_json))
    for card in hidden:
        assert card_name(card) not in text, f"the {card_name(card)} (in the stock) is named"


def game_after(seed: int, moves=(), rules: SolitaireRules = STRICT) -> Game:
    game = Game(seed, rules)
    for move in moves:
        game = game.play(move)
    return game


__all__ = ["Draw", "Play"]
