"""The Golf solitaire deal of a browser: load, move, save, describe.

The same shape as the Golf match service: one transaction per call, the stored game is
its deal number, rules and moves (replayed to get the position), a version guards
against a second tab, and the clock starts with the first move and stops while the
player is away. A deal finished (won or stuck) counts once in the statistics; a deal
left after a move, by New deal or Restart, counts as played with the cards it had left.

Deal numbers are public and the same everywhere (deal 17 is deal 17 on every server,
as in the solver's benchmark and its command line), so a number can be shared.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import Connection, Engine

from app.service import clock
from app.service.common import STALE_MESSAGE, StateCache, in_transaction
from app.service.errors import Conflict, Invalid, Stale
from app.solitaire.game import Draw, Game, IllegalMove, Play, decode_moves, encode_moves, view
from app.solitaire.rules import SolitaireRules
from app.solitaire.solver import hint as solver_hint
from app.solitaire.winnable import winnable_deal
from app.store import repository
from app.store.repository import SolitaireRecord

MAX_DEAL = 2**53 - 1  # exact in JavaScript too
RANDOM_DEALS = 1_000_000  # a random deal gets a number a person can read out and type
RULE_FLAGS = ("any_time", "queens_on_kings", "wrap")


def rules_of(flags: dict | None) -> SolitaireRules:
    flags = flags or {}
    return SolitaireRules(**{name: bool(flags.get(name, False)) for name in RULE_FLAGS})


def give_up(connection: Connection, record: SolitaireRecord, game: Game, now_ms: int) -> None:
    """A deal left after a move, unfinished, counts as played with the cards left (by New
    deal, Restart, or a sign-in that keeps another deal: app/service/accounts/moving.py)."""
    if game.moves and game.phase == "playing" and not record.recorded:
        clock.stop(record, now_ms)
        record_deal(connection, record, game, True, now_ms)


def record_deal(connection: Connection, record: SolitaireRecord, game: Game, abandoned: bool, now_ms: int) -> None:
    repository.add_solitaire_result(
        connection,
        browser_id=record.browser_id,
        seed=record.seed,
        rules_name=game.rules.key,
        score=game.score,
        won=game.phase == "won",
        abandoned=abandoned,
        moves=record.moves_taken,
        elapsed_seconds=clock.elapsed_seconds(record, now_ms),
        hints_used=record.hints_used,
    )
    record.recorded = True


def game_of(record: SolitaireRecord) -> Game:
    """The deal as its moves left it."""
    return Game(record.seed, rules_of(record.rules), decode_moves("".join(record.moves)))


class SolitaireService:
    def __init__(self, engine: Engine, now: Callable[[], int] = clock.now_ms):
        self.engine = engine
        self.now = now
        self.cache = StateCache(size=2048)
        self.deals = random.Random()  # which deal a new game gets; not a secret

    # ------------------------------------------------------------------ reads

    def current(self, browser_id: str) -> dict:
        return self._run(browser_id, None, lambda connection, record, game: None)

    def hint(self, browser_id: str) -> dict:
        """The solver's advice for the position (counted as a hint used)."""

        def advise(connection: Connection) -> dict:
            record = self._load_or_deal(connection, browser_id)
            game = self._game(record)
            self.cache.put(self._key(record), game)
            advice = solver_hint(game).as_dict()
            if game.phase == "playing":  # advice on a finished deal is only a verdict
                repository.count_hint(connection, repository.SOLITAIRE_GAMES, browser_id)
            return advice

        return in_transaction(self.engine, advise)

    # ------------------------------------------------------------------ commands

    def play(self, browser_id: str, pile: int, if_match: int | None = None) -> dict:
        if not 0 <= pile <= 6:
            raise Invalid(f"There is no pile {pile}: piles are numbered 0 to 6.")
        return self._move(browser_id, Play(pile), if_match)

    def draw(self, browser_id: str, if_match: int | None = None) -> dict:
        return self._move(browser_id, Draw(), if_match)

    def undo(self, browser_id: str, if_match: int | None = None) -> dict:
        def take_back(connection, record, game):
            if not game.moves:
                raise Conflict("There is nothing to undo yet.")
            return game.undo()

        return self._run(browser_id, if_match, take_back)

    def new(
        self,
        browser_id: str,
        seed: int | None = None,
        winnable_only: bool | None = None,
        rules: dict | None = None,
        if_match: int | None = None,
    ) -> dict:
        """A new deal: the number given, or a random one (a proved winnable one when
        ``winnable_only``). Rules and the winnable choice default to the last ones."""
        if seed is not None and not 0 <= seed <= MAX_DEAL:
            raise Invalid(f"A deal number is a whole number from 0 to {MAX_DEAL}.")
        if rules is not None and set(rules) - set(RULE_FLAGS):
            unknown = ", ".join(sorted(set(rules) - set(RULE_FLAGS)))
            raise Invalid(f"Unknown solitaire rules: {unknown}. The options are {', '.join(RULE_FLAGS)}.")

        def deal(connection, record, game):
            chosen_rules = rules_of(rules if rules is not None else record.rules)
            only_winnable = record.winnable_only if winnable_only is None else winnable_only
            self._abandon(connection, record, game)
            number = seed
            if number is None:
                number = (
                    winnable_deal(chosen_rules, self.deals) if only_winnable else self.deals.randrange(1, RANDOM_DEALS)
                )
            self._reset(record, number, chosen_rules, only_winnable)
            return Game(number, chosen_rules)

        return self._run(browser_id, if_match, deal)

    def restart(self, browser_id: str, if_match: int | None = None) -> dict:
        def again(connection, record, game):
            self._abandon(connection, record, game)
            self._reset(record, record.seed, game.rules, record.winnable_only)
            return Game(record.seed, game.rules)

        return self._run(browser_id, if_match, again)

    def pause_if_away(self, browser_id: str) -> dict:
        """A returning player: the clock is credited only up to their last move, and
        runs again from their next one. Only the clock is saved, not a new version:
        nothing in play changed, so another open tab stays current."""

        def stop(connection: Connection):
            record = self._load_or_deal(connection, browser_id)
            game = self._game(record)
            if record.running_since_ms is not None:
                clock.stop(record, record.last_active_ms)
                repository.save_clock(connection, repository.SOLITAIRE_GAMES, record)
            return record, game

        record, game = in_transaction(self.engine, stop)
        self.cache.put(self._key(record), game)
        return self._describe(record, game, self.now())

    # ------------------------------------------------------------------ the one loop

    def _move(self, browser_id: str, move, if_match: int | None) -> dict:
        def make(connection, record, game):
            try:
                after = game.play(move)
            except IllegalMove as error:
                raise Conflict(str(error)) from None
            record.moves_taken += 1
            clock.run_on_move(record, self.now())
            return after

        return self._run(browser_id, if_match, make)

    def _run(self, browser_id: str, if_match: int | None, change) -> dict:
        """Load the deal, apply ``change`` (which returns the game after, or None when
        nothing is to be saved), record a finished deal, save, describe."""

        def work(connection: Connection):
            record = self._load_or_deal(connection, browser_id)
            read_version = record.version
            if if_match is not None and if_match != read_version:
                raise Stale(STALE_MESSAGE)
            game = self._game(record)
            now = self.now()
            after = change(connection, record, game)
            if after is None:
                return record, game, now
            if after.phase != "playing" and not record.recorded:
                clock.stop(record, now)
                self._record(connection, record, after, abandoned=False)
            clock.touch(record, now)
            record.moves = list(encode_moves(after.moves))
            repository.save_solitaire(connection, record, read_version)
            return record, after, now

        record, game, now = in_transaction(self.engine, work)
        self.cache.put(self._key(record), game)
        return self._describe(record, game, now)

    # ------------------------------------------------------------------ helpers

    def _load_or_deal(self, connection: Connection, browser_id: str) -> SolitaireRecord:
        record = repository.load_solitaire(connection, browser_id)
        if record is not None:
            return record
        repository.ensure_browser(connection, browser_id)
        record = SolitaireRecord(
            browser_id=browser_id,
            version=1,
            seed=0,
            rules={},
            hints_used=0,
            elapsed_ms=0,
            running_since_ms=None,
            last_active_ms=0,
            paused=False,
            recorded=False,
            winnable_only=False,
            moves=[],
            moves_taken=0,
        )
        self._reset(record, self.deals.randrange(1, RANDOM_DEALS), SolitaireRules(), False)
        repository.insert_solitaire(connection, record)
        return record

    def _reset(self, record: SolitaireRecord, seed: int, rules: SolitaireRules, winnable_only: bool) -> None:
        record.seed, record.winnable_only = seed, winnable_only
        record.rules = {name: getattr(rules, name) for name in RULE_FLAGS}
        record.moves, record.moves_taken, record.hints_used, record.recorded = [], 0, 0, False
        clock.reset(record, self.now())

    def _game(self, record: SolitaireRecord) -> Game:
        game = self.cache.take(self._key(record))
        return game if game is not None else game_of(record)

    @staticmethod
    def _key(record: SolitaireRecord) -> tuple:
        return record.browser_id, record.version, record.seed

    def _abandon(self, connection: Connection, record: SolitaireRecord, game: Game) -> None:
        give_up(connection, record, game, self.now())

    def _record(self, connection: Connection, record: SolitaireRecord, game: Game, abandoned: bool) -> None:
        record_deal(connection, record, game, abandoned, self.now())

    def _describe(self, record: SolitaireRecord, game: Game, now: int) -> dict:
        return {
            "version": record.version,
            **view(game),
            "winnable_only": record.winnable_only,
            "moves_taken": record.moves_taken,
            "hints_used": record.hints_used,
            "elapsed_seconds": clock.elapsed_seconds(record, now),
            "clock_running": record.running_since_ms is not None,
        }
