# Golf, the card game. Build: docker build -t golf .
# Run:   docker run -p 8000:8000 -v golf-data:/app/data golf
# PostgreSQL instead of the SQLite file: -e GOLF_DATABASE_URL=postgresql+psycopg://user:pass@host/db
# With PostgreSQL beside it: docker compose up -d (compose.yaml; docs/operations.md).
# Builds with Docker 25 or later (BuildKit: RUN --mount, HEALTHCHECK --start-interval).
#
# The base image, pinned by digest so that a build can be repeated: python:3.11-slim's
# multi-platform index, by the digest other public Dockerfiles pin it at. It was not read
# from a registry here, so check it once: `docker buildx imagetools inspect
# python:3.11-slim` prints the tag's current index digest on its "Digest:" line. Move it
# forward the same way when the tag gets security fixes, by editing the line below or with
#   docker build --build-arg PYTHON_IMAGE=python:3.11-slim@sha256:<digest> -t golf .
# (`--build-arg PYTHON_IMAGE=python:3.11-slim` follows the newest 3.11 patch release.)
ARG PYTHON_IMAGE=python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7

# Stage 1: the wheel of the project (the app package with its templates, static files
# and migrations inside it), built from the files below only, by the build tools of
# requirements-build.lock (setuptools at one version, by its files' hashes; made by
# scripts/lock.sh from pyproject.toml's [build-system]) rather than whatever setuptools
# pip's build isolation would fetch that day. They are installed in a layer of their own,
# before the sources, so a change of code does not install them again.
FROM ${PYTHON_IMAGE} AS wheel
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY requirements-build.lock ./
RUN pip install --require-hashes -r requirements-build.lock
COPY pyproject.toml ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip wheel --no-deps --no-build-isolation --wheel-dir dist .

# Stage 2: the image that runs.
FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN useradd --create-home --uid 10001 golf

# The dependencies first, in their own layer: it is rebuilt only when the lock changes,
# never for a change of code. requirements.lock (made by scripts/lock.sh from
# pyproject.toml's [project] ranges; no test extras) names every package at one version
# with the hashes of its files, so two builds of one commit install the same packages.
WORKDIR /tmp/dependencies
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock

# The project itself, from its wheel (mounted from the first stage, so the wheel is in
# no layer), not editable: nothing of the source tree stays in the image. Its own layer,
# the only one a change of code rebuilds.
RUN --mount=type=bind,from=wheel,source=/build/dist,target=/tmp/wheels \
    pip install --no-deps /tmp/wheels/*.whl && rm -rf /tmp/dependencies \
    && mkdir -p /app/data && chown golf:golf /app/data

WORKDIR /app
USER golf
VOLUME ["/app/data"]
EXPOSE 8000
# GOLF_IN_IMAGE: the server runs in this image, so a data folder it cannot write is
# explained with the user it runs as here (uid 10001) and a chown on the host.
ENV GOLF_HOST=0.0.0.0 GOLF_PORT=8000 GOLF_DATA_DIR=/app/data GOLF_IN_IMAGE=1
# Asks the server's own /healthz (the database answers, the templates load) on whatever
# port GOLF_PORT says: every 2 s from the start (failures do not count during the first
# minute, which covers the migrations of a first start), so that the container is
# healthy within 2 s of serving; every 30 s once it is. An engine older than Docker 25
# ignores --start-interval and checks first after 30 s.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('GOLF_PORT', '8000'), timeout=4)"]
CMD ["python", "-m", "app"]
