"""Helpers for the tests of the site's host's commands: a site of its own (an app on a
fresh database, SQLite or PostgreSQL, started by a client), the commands run in-process
on its settings, and the whole database read out to show that a refused command changed
nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.admin import run
from app.main import create_app
from app.settings import Settings
from app.store.models import Base


@dataclass
class Site:
    app: FastAPI
    settings: Settings
    client: TestClient  # the first visitor (it started the app)

    def person(self) -> TestClient:
        """A new browser: its own cookie jar."""
        return TestClient(self.app)

    def admin(self, *words: str) -> int:
        """``python -m app admin WORDS`` on the site's settings: its exit status."""
        return run(list(words), self.settings)

    def everything(self) -> dict[str, list[str]]:
        """Every row of every table, to compare before and after a command."""
        with self.app.state.engine.connect() as connection:
            return {
                table.name: sorted(repr(tuple(row)) for row in connection.execute(select(table)))
                for table in Base.metadata.sorted_tables
            }


@contextmanager
def site_on(database_url: str) -> Iterator[Site]:
    settings = Settings(
        database_url=database_url, deal_key="test-deal-key", rate_limit_enabled=False, reviews_ahead=False
    )
    app = create_app(settings)
    with TestClient(app) as client:
        yield Site(app, settings, client)


def refused_and_unchanged(site: Site, capsys, words: tuple[str, ...], said: str) -> None:
    """The command ``words`` is refused (exit status 2, one line on stderr holding
    ``said``) and no row of the database changed."""
    capsys.readouterr()
    before = site.everything()
    assert site.admin(*words) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and said in err, err
    assert err.startswith("python -m app admin")
    assert site.everything() == before
