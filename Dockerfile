# Golf, the card game. Build: docker build -t golf .
# Run:   docker run -p 8000:8000 -v golf-data:/app/data golf
# PostgreSQL instead of the SQLite file: -e GOLF_DATABASE_URL=postgresql+psycopg://user:pass@host/db
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 golf
WORKDIR /app
COPY pyproject.toml README.md ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
COPY alembic.ini ./
# The same install as the README's: the project and its dependencies.
RUN pip install -e . && mkdir -p /app/data && chown golf:golf /app/data

USER golf
VOLUME ["/app/data"]
EXPOSE 8000
ENV GOLF_HOST=0.0.0.0 GOLF_PORT=8000
HEALTHCHECK --interval=30s --timeout=3s CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
CMD ["python", "-m", "app"]
