"""A browser's new sequences of deals against the computer: a new match of the level and
rules it chose last or names now (:meth:`MatchDeals.new_match`), today's daily deal
(counted if it is the browser's first of the date), and the same deals again from hole 1
(:meth:`MatchDeals.restart`). The match one replaces counts as a loss if it was begun
and is unfinished; a counted daily attempt given up counts as played.

:class:`MatchDeals` is the part of :class:`app.service.play.match.GolfService` that deals
them; each goes through the service's one loop (``_run``), as every move does.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlalchemy import Connection

from app.confusables import look_alike_key
from app.golf.engine import GolfState
from app.golf.rules import RulesError, RuleSet, rules_from_dict, rules_from_request
from app.names import NameRefused, checked_name, name_key
from app.players import LEVELS
from app.service import clock
from app.service.errors import Conflict, Invalid
from app.service.play.match_state import Outcome
from app.service.play.table_record import display_name, people_names
from app.service.play.turns import Change
from app.service.replays import daily
from app.service.stats.results import record_golf_result
from app.store import accounts as accounts_store
from app.store import repository
from app.store.tables import TableRecord, match_seats

if TYPE_CHECKING:
    pass

MAX_SEED = 2**53 - 1  # exact in JavaScript too
MAX_PEOPLE = 8  # pass and play: as many people as a match has seats at most
ACCOUNT_NAME_TAKEN = (
    "An account is called {name}, or a name that looks like it: a guest is on the daily leaderboard under a "
    "name of their own. "
    "Choose another name, or sign in to that account. Nothing was changed."
)


def checked_people(people: object) -> list[str]:
    """The names of the people of a pass-and-play match, each through the one check of
    names, two or more and each its own (every sentence and scorecard names them)."""
    if not isinstance(people, list) or not 2 <= len(people) <= MAX_PEOPLE:
        raise Invalid(f"Pass and play needs the names of 2 to {MAX_PEOPLE} people sharing this device.")
    names = [display_name(name, f"Person {index}'s name") for index, name in enumerate(people, start=1)]
    if len({name.casefold() for name in names}) < len(names):
        raise Invalid("Give each person a name of their own: two people have the same name.")
    return names


class MatchDeals:
    """A match's new deals (a mixin of :class:`app.service.play.match.GolfService`, whose
    loop and state it uses)."""

    if TYPE_CHECKING:  # what the service gives it
        deal_key: bytes
        now: Callable[[], int]
        default_level: str

        def _run(
            self,
            browser_id: str,
            if_match: int | None,
            change: Change,
            frames: bool = False,
        ) -> Outcome: ...

        def _fresh_state(self, record: TableRecord) -> GolfState: ...

        @staticmethod
        def _refuse_if_paused(record: TableRecord) -> None: ...

        @staticmethod
        def _refuse_if_counted(record: TableRecord, what: str) -> None: ...

    def new_match(
        self,
        browser_id: str,
        seed: int | None = None,
        level: str | None = None,
        rules: dict | None = None,
        if_match: int | None = None,
        daily: bool = False,
        name: str | None = None,
        people: list[str] | None = None,
    ) -> Outcome:
        """A new sequence of deals; an unfinished match already begun counts as a loss.
        Level and rules default to the ones this browser chose last. ``daily``: today's
        daily deal instead (its own seed, level and rules), counted if it is the
        browser's first of the date, under ``name`` on the leaderboard. ``people``: pass
        and play, the names of two or more people sharing this device, at the first
        seats in this order (computers at the others)."""
        if daily:
            if seed is not None or level is not None or rules is not None or people:
                raise Invalid("Today's deal has its own seed, level and rules, for one person: ask for it alone.")
            return self._new_daily(browser_id, name, if_match)
        names = checked_people(people) if people else None
        if level is not None and level not in LEVELS:
            raise Invalid(f"unknown level {level!r}: choose easy, medium, hard or expert")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise Invalid(f"a seed is a whole number from 0 to {MAX_SEED}")
        if rules is not None:
            try:
                checked = rules_from_request(rules)
            except RulesError as error:
                raise Invalid(f"these rules cannot be played: {error}") from None
            if "name" in rules:  # kept as the check tidied it, the name every seat is shown
                rules = {**rules, "name": checked.name}

        def deal(connection, record, state):
            self._refuse_if_paused(record)
            preferences = dict(repository.ensure_browser(connection, browser_id)["preferences"] or {})
            preferences["level"] = level or preferences.get("level") or self.default_level
            if rules is not None:
                preferences["rules"] = rules
            chosen = self._rules_or_standard(preferences.get("rules"))
            if names and len(names) > chosen.players:
                raise Invalid(
                    f"{len(names)} people need {len(names)} seats: choose {len(names)} or more players, "
                    f"or fewer people."
                )
            repository.save_preferences(connection, browser_id, preferences)
            self._abandon(connection, record, state)
            self._reset(
                record,
                seed if seed is not None else secrets.randbelow(MAX_SEED),
                preferences["level"],
                chosen,
                names,
            )
            return self._fresh_state(record)

        return self._run(browser_id, if_match, deal)

    def _new_daily(self, browser_id: str, name: str | None, if_match: int | None) -> Outcome:
        try:
            shown_name = (
                checked_name(name, "A name on the leaderboard", daily.NAME_LENGTH) if name is not None else None
            )
        except NameRefused as refused:
            raise Invalid(str(refused)) from None

        def deal(connection, record, state):
            self._refuse_if_paused(record)
            now = self.now()
            day = daily.today(now)
            preferences = dict(repository.ensure_browser(connection, browser_id)["preferences"] or {})
            # A signed-in person is on the leaderboard under their account's name, whatever the
            # form said; a guest never under an account's.
            account_name = accounts_store.name_of_principal(connection, browser_id)
            if account_name is None and shown_name is not None:
                alike = accounts_store.accounts_named_like(connection, name_key(shown_name), look_alike_key(shown_name))
                if alike:
                    raise Conflict(ACCOUNT_NAME_TAKEN.format(name=alike[0]["name"]))
            name = account_name or shown_name
            if name is not None and preferences.get("daily_name") != name:
                preferences["daily_name"] = name  # the next day's deal is played under it too
                repository.save_preferences(connection, browser_id, preferences)
            self._abandon(connection, record, state)
            self._reset(record, daily.seed_of(self.deal_key, day), daily.LEVEL, daily.RULES)
            record.daily = day
            record.practice = not daily.claim(
                connection, browser_id, day, record.match_id, preferences.get("daily_name") or daily.DEFAULT_NAME, now
            )
            return self._fresh_state(record)

        return self._run(browser_id, if_match, deal)

    def restart(self, browser_id: str, if_match: int | None = None) -> Outcome:
        """The same deals again from hole 1; an unfinished match already begun counts as a loss."""

        def again(connection, record, state):
            self._refuse_if_paused(record)
            self._refuse_if_counted(record, "Restart")
            self._abandon(connection, record, state)
            day, practice = record.daily, record.practice
            self._reset(record, record.seed, record.level or self.default_level, state.rules, people_names(record))
            record.daily, record.practice = day, practice
            return self._fresh_state(record)

        return self._run(browser_id, if_match, again)

    @staticmethod
    def _rules_or_standard(rules: dict | None) -> RuleSet:
        try:
            return rules_from_dict(rules)
        except RulesError:  # rules saved by an older version that no longer validate
            return RuleSet()

    def _reset(
        self, record: TableRecord, seed: int, level: str, rules: RuleSet, people: list[str] | None = None
    ) -> None:
        record.seed, record.rules, record.status = seed, rules.model_dump(), "playing"
        record.seats = match_seats(record.browser_id, level, rules.players, people)
        record.match_id = secrets.token_hex(16)
        record.log, record.actions_taken, record.hints_used, record.recorded = [], 0, 0, False
        record.daily, record.practice = None, False
        clock.reset(record, self.now())

    def _abandon(self, connection: Connection, record: TableRecord, state: GolfState) -> None:
        give_up(connection, record, state, self.now())


def give_up(connection: Connection, record: TableRecord, state: GolfState, now_ms: int) -> None:
    """Record a begun, unfinished match as a loss before it is replaced (by a new deal, or
    a sign-in that keeps another match: app/service/accounts/moving.py); a counted daily
    attempt given up counts as played, begun or not."""
    if record.daily and not record.practice and not state.is_over:
        assert record.match_id is not None  # a daily match is dealt with its id
        daily.settle(connection, record.browser_id, record.daily, record.match_id, state, now_ms, abandoned=True)
    if record.actions_taken > 0 and not state.is_over and not record.recorded:
        clock.stop(record, now_ms)
        record_golf_result(connection, record, state, clock.elapsed_seconds(record, now_ms), abandoned=True)
        record.recorded = True
