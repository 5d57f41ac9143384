"""The HTML pages (server-rendered, progressively enhanced with HTMX)."""

from fastapi import APIRouter

router = APIRouter()
