"""``python -m app``: serve the game on http://127.0.0.1:8000 (GOLF_HOST, GOLF_PORT to change)."""

import os

import uvicorn

if __name__ == "__main__":
    uvicorn.run("app.main:app", host=os.environ.get("GOLF_HOST", "127.0.0.1"),
                port=int(os.environ.get("GOLF_PORT", "8000")), proxy_headers=True)
