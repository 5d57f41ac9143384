"""An IPv6 client counts as its /64 in every cap and rate limit: a household's or a
server's devices take new addresses in it at will, so one address of it is no one."""

from __future__ import annotations

import httpx
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.web.http.addresses import address_key
from app.web.http.connections import ConnectionGuard


def test_an_ipv6_address_counts_as_its_64_and_an_ipv4_one_as_itself():
    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::5") != address_key("2001:db8:1:2::5")
    assert address_key("203.0.113.7") == "203.0.113.7" != address_key("203.0.113.8")
    assert address_key("::ffff:203.0.113.7") == "203.0.113.7"  # IPv4 on a dual-stack socket
    assert address_key("unknown") == "unknown"


def test_connections_from_one_64_share_its_cap():
    guard = ConnectionGuard(Settings(max_connections_per_address=2), total=100)
    home = [address_key(f"2001:db8:1:2::{n}") for n in (1, 2, 3)]
    assert guard.admit(home[0]) is None and guard.admit(home[1]) is None
    assert guard.admit(home[2]).startswith(b"HTTP/1.1 429")  # a third device, or a fresh address
    assert guard.admit(address_key("2001:db8:1:3::1")) is None  # the next /64 is someone else
    guard.release(home[0])
    assert guard.admit(home[2]) is None


def test_stream_openings_from_one_64_share_its_rate_limit(own_database):  # noqa: F811
    app = create_app(
        Settings(database_url=own_database, deal_key="test-deal-key", rate_limit_streams_per_address="2/minute")
    )

    async def open_from(address: str) -> int:
        transport = httpx.ASGITransport(app=app, client=(address, 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            return (await client.get("/api/tables/nosuch/events")).status_code

    with TestClient(app) as started:  # runs the app's start-up
        answers = [
            started.portal.call(open_from, address)
            for address in ("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2::3", "2001:db8:9:9::1")
        ]
    assert answers == [404, 404, 429, 404]
