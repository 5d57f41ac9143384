"""The key a client's address is counted under by the caps and rate limits.

An IPv4 address is itself. An IPv6 address counts as its /64 network: a household or a
server is given at least a /64, and each device takes addresses in it at will (privacy
addresses change every day), so one address of it is no one in particular, and a client
could otherwise take a fresh address for each connection. Anything else (a unix
socket's name, "unknown") is itself.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache


@lru_cache(maxsize=4096)
def address_key(address: str) -> str:
    """``"203.0.113.7"`` -> itself; ``"2001:db8:1:2::5"`` -> ``"2001:db8:1:2::/64"``."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4:
        return address
    if ip.ipv4_mapped is not None:  # an IPv4 client of a dual-stack socket
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))
