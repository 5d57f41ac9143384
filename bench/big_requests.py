"""What oversized requests cost the server: a benchmark that prints figures.

    python -m bench.big_requests [--bodies 4] [--megabytes 100] [--header-kb 1024]

Starts the server (uvicorn, one worker, a fresh SQLite file), then sends at once
``--bodies`` POSTs of ``--megabytes`` of JSON each to ``/api/match/reveal``, half with
a Content-Length and half chunked (no length), and one GET with a header of
``--header-kb``. Prints each answer's status and time, how many bytes the server took
before it answered, and the server's resident memory before and at its peak
(sampled every 20 ms from /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time

from bench.servers import free_port

CHUNK = 64 * 1024


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def big_post(port: int, megabytes: int, chunked: bool) -> tuple[str, float, int]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    size = megabytes * 1024 * 1024
    head = (
        f"POST /api/match/reveal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        + ("Transfer-Encoding: chunked\r\n" if chunked else f"Content-Length: {size}\r\n")
        + "\r\n"
    )
    started = time.perf_counter()
    writer.write(head.encode())
    sent = 0
    status = "no answer"
    answer = asyncio.create_task(reader.readline())
    try:
        while sent < size and not answer.done():
            piece = b"[" * CHUNK
            writer.write(f"{CHUNK:x}\r\n".encode() + piece + b"\r\n" if chunked else piece)
            await writer.drain()
            sent += CHUNK
        if chunked and not answer.done():
            writer.write(b"0\r\n\r\n")
        status = (await asyncio.wait_for(answer, 120)).decode().strip()
    except (ConnectionError, TimeoutError) as error:
        # The server may close the connection on a refused body while it is still being
        # written; the answer it sent before closing is then lost to the reset.
        status = f"connection closed by the server ({type(error).__name__})"
        if answer.done() and not answer.exception() and answer.result():
            status = answer.result().decode().strip()
    finally:
        if not answer.done():
            answer.cancel()
        elif not answer.cancelled():
            answer.exception()  # retrieved: a reset is reported above, not as a stray warning
        writer.close()
    return status, time.perf_counter() - started, sent


def big_header(port: int, kilobytes: int) -> str:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET /api/match HTTP/1.1\r\nHost: x\r\nX-Padding: {'a' * kilobytes * 1024}\r\n\r\n".encode())
        return sock.recv(200).split(b"\r\n")[0].decode()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bodies", type=int, default=4)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--header-kb", type=int, default=1024)
    args = parser.parse_args()
    port = free_port()
    folder = tempfile.mkdtemp()
    env = {**os.environ, "GOLF_DATABASE_URL": f"sqlite:///{folder}/golf.sqlite3", "GOLF_DEAL_KEY": "bench"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "app.main:app",
            "--port",
            str(port),
            "--no-access-log",
            "--log-level",
            "warning",
        ],
        env=env,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                await asyncio.sleep(0.1)
        before = rss_mb(server.pid)
        peak = before
        sampling = True

        async def sample():
            nonlocal peak
            while sampling:
                peak = max(peak, rss_mb(server.pid))
                await asyncio.sleep(0.02)

        sampler = asyncio.create_task(sample())
        results = await asyncio.gather(
            *(big_post(port, args.megabytes, chunked=i % 2 == 1) for i in range(args.bodies))
        )
        header = await asyncio.to_thread(big_header, port, args.header_kb)
        await asyncio.sleep(0.2)
        sampling = False
        await sampler
        for i, (status, seconds, sent) in enumerate(results):
            kind = "chunked" if i % 2 else "with Content-Length"
            print(
                f"{args.megabytes} MB body {kind}: {status!r} after {seconds * 1000:.0f} ms, "
                f"{sent / 1024 / 1024:.1f} MB written before the answer"
            )
        print(f"{args.header_kb} KB header: {header!r}")
        print(f"server memory: {before:.0f} MB before, {peak:.0f} MB at the peak")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    asyncio.run(main())
