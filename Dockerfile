# syntax=docker/dockerfile:1
#
# CPU image of the service, with the shipped models.
#
#   docker build -t attention-translate:0.1.0 .
#   docker run --rm -p 8000:8000 attention-translate:0.1.0
#
# Settings are SERVICE_* environment variables (README.md, `python -m service --help`).
ARG PYTHON_VERSION=3.11

# ---- builder: build the project's wheel ----
FROM python:${PYTHON_VERSION}-slim-bookworm AS builder

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

WORKDIR /src
COPY pyproject.toml README.md ./
COPY core ./core
COPY service ./service
COPY training ./training
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

# ---- runtime: the wheel with TensorFlow's CPU build, the models, an unprivileged user ----
FROM python:${PYTHON_VERSION}-slim-bookworm AS runtime

ARG VERSION=0.1.0

# A numeric UID, so that Kubernetes' runAsNonRoot can verify it.
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --home-dir /app --no-create-home app

ENV PATH=/opt/venv/bin:$PATH \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    TF_CPP_MIN_LOG_LEVEL=2 \
    SERVICE_HOST=0.0.0.0 \
    SERVICE_PORT=8000 \
    SERVICE_MODELS_DIR=/app/models

# The wheel is bind-mounted from the builder, so it leaves no layer behind.
RUN --mount=type=bind,from=builder,source=/wheels,target=/wheels \
    python -m venv /opt/venv \
 && pip install --no-cache-dir --find-links /wheels "attention-translate[cpu]==${VERSION}"

WORKDIR /app
# Models stay owned by root: the service only reads them.
COPY --chown=root:root models ./models

USER 10001:10001
EXPOSE 8000

# Liveness of the process (slim images have no curl); /ready tells when the models serve.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["python", "-c", "import os, sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ.get('SERVICE_PORT', '8000'), timeout=4).status != 200)"]

CMD ["python", "-m", "service"]
