"""``/docs``: the API's OpenAPI description in Swagger UI, served entirely from this site.

Swagger UI's files are vendored in ``static/vendor`` (npm ``swagger-ui-dist``, version
in the file names), and the few lines that start it are ``static/api-docs.js`` rather
than an inline script, so the page works offline and under the site's
Content-Security-Policy like every other page.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.web.common import templates

SWAGGER_UI_VERSION = "5.35.0"

router = APIRouter(include_in_schema=False)


@router.get("/docs", response_class=HTMLResponse)
def api_docs(request: Request):
    return templates.TemplateResponse(
        request,
        "site/api_docs.html",
        {"openapi_url": request.app.openapi_url, "title": f"{request.app.title} API", "swagger_ui": SWAGGER_UI_VERSION},
    )
