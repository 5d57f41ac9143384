"""The JSON API fuzzed from its own OpenAPI schema (schemathesis, in process, SQLite).

Every operation of ``/openapi.json`` gets requests made up from its schema, valid and
not: bodies of every shape, strange If-Match headers, wrong content types. None may
answer 5xx, and every answer must be what the schema says (status, content type,
body). The budget is small so that the suite stays quick; a deeper run by hand:

    GOLF_FUZZ_EXAMPLES=300 .venv/bin/python -m pytest tests/fuzz -q
"""

from __future__ import annotations

import os
import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from app.main import create_app
from app.settings import Settings

EXAMPLES = int(os.environ.get("GOLF_FUZZ_EXAMPLES", "12"))


# The schema is read when the tests are collected (schemathesis makes one test per
# operation from it), so the app and its throw-away database are made here.
_DATA = tempfile.TemporaryDirectory(prefix="golf-fuzz-")
# Rate limits off: the fuzzer sends far more requests than any person, from one address.
APP = create_app(
    Settings(database_url=f"sqlite:///{_DATA.name}/golf.sqlite3", deal_key="fuzz-deal-key", rate_limit_enabled=False)
)
pytestmark = pytest.mark.slow

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture],
)
def test_no_request_makes_the_api_fail_or_break_its_schema(case):
    response = case.call()
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
    )
    # Every check but one: a request the schema allows may still be refused for what
    # the game is now (412 for an older version, 422 for position 10 of a six-card
    # grid), which positive_data_acceptance would take for a broken schema.
    case.validate_response(response, excluded_checks=[positive_data_acceptance])
