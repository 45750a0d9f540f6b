"""The FastAPI application: routers per domain, error shape, limits, and the web client.

`create_app(settings)` builds an app over its own `Database`; `app_from_environment` is the
factory `fitcoach serve` hands to uvicorn. Migrations are not run here: `fitcoach serve` and
`fitcoach db upgrade` run them once, before any worker starts.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import fitcoach
from fitcoach.api import health
from fitcoach.api.body_limit import BodySizeLimit
from fitcoach.api.coach import endpoints as coach
from fitcoach.api.dependencies import build_brains, close_app_brains, get_brain
from fitcoach.api.docs_ui import mount_docs_ui
from fitcoach.api.errors import COMMON_ERROR_RESPONSES, install_error_handlers
from fitcoach.api.exercises import endpoints as exercises
from fitcoach.api.export import endpoints as export
from fitcoach.api.heap import freeze_startup_heap
from fitcoach.api.imports import endpoints as imports
from fitcoach.api.imports.endpoints import IMPORT_PATH, MAX_IMPORT_BYTES
from fitcoach.api.limits.rate_limit import RateLimiter
from fitcoach.api.memory import endpoints as memory
from fitcoach.api.plans import endpoints as plans
from fitcoach.api.plans.endpoints import PLAN_VERSION_HEADER
from fitcoach.api.progress import endpoints as progress
from fitcoach.api.records import endpoints as records
from fitcoach.api.security_headers import SecurityHeaders, content_security_policy
from fitcoach.api.users import endpoints as users
from fitcoach.api.web import WEB_STATIC_DIR, mount_web_client
from fitcoach.api.workouts import endpoints as workouts
from fitcoach.api.workouts.endpoints import NEXT_PAGE_HEADER
from fitcoach.log_setup import configure_logging
from fitcoach.settings import Settings, get_settings
from fitcoach.store.database import Database

ROUTERS = (health.router, users.router, coach.router, plans.router, memory.router,
           workouts.router, records.router, progress.router, exercises.router,
           imports.router, export.router)


def create_app(settings: Settings | None = None, database: Database | None = None,
               web_directory: Path | None = WEB_STATIC_DIR, *,
               freeze_heap: bool = False) -> FastAPI:
    """The service over `database` (built from the settings when not given); the web client
    is served from `web_directory` when it holds one (None: API only). `freeze_heap`: once
    started, the collector stops scanning the start-up heap (`heap`; serving processes)."""
    settings = settings or get_settings()
    database = database or Database(settings.db, pool_size=settings.db_pool_size,
                                    max_overflow=settings.db_max_overflow,
                                    sqlite_synchronous=settings.sqlite_synchronous)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Build the brain before the first request: a misconfigured LLM brain stops the
        # start-up with its reason, and no user waits for the embedded brain to load.
        if get_brain not in app.dependency_overrides:
            build_brains(app)
        if freeze_heap:
            freeze_startup_heap()
        yield
        try:
            await close_app_brains(app)
        finally:
            database.dispose()

    app = FastAPI(title="fitcoach", version=fitcoach.__version__, lifespan=lifespan,
                  description="An AI personal trainer: chat, staged plans, memory, logs.",
                  responses=COMMON_ERROR_RESPONSES,
                  docs_url=None)  # /docs is served offline by docs_ui.py
    app.state.settings = settings
    app.state.database = database
    app.state.rate_limiter = RateLimiter(database, settings)
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    mount_docs_ui(app)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes,
                       per_path={IMPORT_PATH: MAX_IMPORT_BYTES})
    if settings.cors_origins:
        # A cross-origin client may read when to retry (429, 503), the plan's version and
        # the next page of logs.
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins),
                           allow_methods=["GET", "POST", "PATCH", "DELETE"],
                           allow_headers=["Authorization", "Content-Type"],
                           expose_headers=["Retry-After", PLAN_VERSION_HEADER,
                                           NEXT_PAGE_HEADER])
    # Outermost: every answer carries them, CORS preflights and refused bodies included.
    app.add_middleware(SecurityHeaders, policy=content_security_policy(
        web_directory / "index.html" if web_directory is not None else None))
    if settings.trusted_proxies:
        # Outermost of all: the client address and scheme are the forwarded ones for every
        # layer (the sign-up limit counts per client address). The server itself never
        # reads these headers (`server.serve`), so nothing else can be believed.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    if web_directory is not None:
        mount_web_client(app, web_directory)
    return app


def app_from_environment() -> FastAPI:
    """The uvicorn factory: settings from `FITCOACH_*`. Each worker process logs its own
    lines (`FITCOACH_LOG_LEVEL`, `FITCOACH_LOG_JSON`)."""
    settings = get_settings()
    configure_logging(settings.log_level, as_json=settings.log_json)
    return create_app(settings, freeze_heap=True)
