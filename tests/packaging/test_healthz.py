"""/healthz answers 200 only when the server can serve its pages: the database answers
and the page templates load. Otherwise 503 with the reason (a container's health check
and a load balancer read it), on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from jinja2 import DictLoader, FileSystemLoader
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from app.web.common import templates


def test_healthy_server_says_ok(api):
    answer = api.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok"}


@pytest.fixture
def unreachable_database(golf_app, database_url, tmp_path):
    """The server's database stops answering: a PostgreSQL server on a port where none
    listens, or an SQLite file in a folder that does not exist."""
    if make_url(database_url).get_backend_name() == "sqlite":
        gone = create_engine(f"sqlite:///{tmp_path / 'missing-folder' / 'golf.sqlite3'}")
    else:
        gone = create_engine(make_url(database_url).set(host="127.0.0.1", port=1), connect_args={"connect_timeout": 2})
    # (monkeypatch cannot put back an attribute of Starlette's State: it deletes it)
    working, golf_app.state.engine = golf_app.state.engine, gone
    yield
    golf_app.state.engine = working
    gone.dispose()


def test_database_that_does_not_answer_makes_it_unavailable(api, unreachable_database):
    answer = api.get("/healthz")
    assert answer.status_code == 503
    assert answer.json()["status"] == "unavailable"
    assert "the database does not answer" in answer.json()["detail"]
    # Alive all the same: a liveness probe must not restart the server for its database.
    assert api.get("/livez").json() == {"status": "alive"}


def test_missing_templates_make_it_unavailable(api, tmp_path, monkeypatch):
    # An install without its templates: every page would answer 500.
    monkeypatch.setattr(templates.env, "loader", FileSystemLoader(tmp_path))
    answer = api.get("/healthz")
    assert answer.status_code == 503
    assert answer.json()["detail"] == "no page templates were found"


def test_a_broken_template_makes_it_unavailable(api, monkeypatch):
    monkeypatch.setattr(templates.env, "loader", DictLoader({"site/base.html": "{% if %}"}))
    answer = api.get("/healthz")
    assert answer.status_code == 503
    assert "the page templates do not load" in answer.json()["detail"]
    assert "site/base.html" in answer.json()["detail"]
    # The real templates again: healthy.
    monkeypatch.undo()
    assert api.get("/healthz").status_code == 200
