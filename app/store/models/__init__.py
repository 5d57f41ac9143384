"""The database tables, one module per feature (play, solitaire, score_sheets, tables,
reviews, replays, accounts, ratings), all named here for the code that takes them.

A match of Golf is stored as its public seed, its rules, its seats and the log of every
seat's actions: the engine replays the log to rebuild the state, so the log is the truth
and nothing derived is stored twice. ``version`` rises with every accepted change and
guards against a second tab or a double click (see app/service/play/turns.py).
"""

from app.store.models.accounts import Account, AccountFormerName, AccountSession, DeviceCode, Passkey, PasskeyChallenge
from app.store.models.base import NAMING_CONVENTION, Base
from app.store.models.play import Browser, GolfResult, ServerKey
from app.store.models.ratings import RatedMatch, Rating, RatingEntry, RatingWeek
from app.store.models.replays import DailyEntry, Replay, WinChance
from app.store.models.reviews import PlayReview
from app.store.models.score_sheets import ScoreSheet
from app.store.models.solitaire import SolitaireGame, SolitaireResult
from app.store.models.tables import GolfTable, OnlineResult, QuickPlayEntry, TableStream

__all__ = [
    "NAMING_CONVENTION",
    "Base",
    "Browser",
    "GolfResult",
    "ServerKey",
    "SolitaireGame",
    "SolitaireResult",
    "ScoreSheet",
    "GolfTable",
    "QuickPlayEntry",
    "OnlineResult",
    "TableStream",
    "PlayReview",
    "Replay",
    "WinChance",
    "DailyEntry",
    "Account",
    "AccountSession",
    "Passkey",
    "PasskeyChallenge",
    "DeviceCode",
    "AccountFormerName",
    "RatedMatch",
    "Rating",
    "RatingEntry",
    "RatingWeek",
]
