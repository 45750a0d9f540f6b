"""The service's configuration: every knob in one place, read from `FITCOACH_*` variables.

Nonsense fails at start-up with the variable's name (an unknown brain, a database URL no
dialect here can open, a port out of range), never half-way through a request.
"""

from __future__ import annotations

import ipaddress
from functools import cache
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

BrainName = Literal["embedded", "gemini", "openai"]

# The dialects the store is written and tested for.
SUPPORTED_DATABASES = ("sqlite", "postgresql")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FITCOACH_", frozen=True, extra="ignore")

    db: str = Field(
        default="sqlite:///./fitcoach.db",
        description="SQLAlchemy URL; SQLite in the working directory by default",
    )
    # PostgreSQL connections per process: 30 kept open and none beyond, the same ceiling as
    # 10 + 20 without the churn (overflow connections close on return; under load that forked
    # a backend per transaction, docs/deployment.md). (pool + overflow) × processes must fit
    # PostgreSQL's max_connections.
    db_pool_size: Annotated[int, Field(ge=1, le=200)] = 30
    db_max_overflow: Annotated[int, Field(ge=0, le=200)] = 0
    brain: BrainName = "embedded"
    dev_clock: bool = Field(
        default=False, description="honour the X-Fitcoach-Now header (tests only)"
    )
    max_body_bytes: Annotated[int, Field(ge=1024, le=10 * 1024 * 1024)] = 256 * 1024
    # Closed by default: the web client is served from the same origin.
    cors_origins: Annotated[tuple[str, ...], NoDecode] = ()
    # Requests per user per minute (a burst of that many, then evenly spread); 0 turns the
    # limit off. Counted in the database, so the limit holds across all API processes.
    rate_limit_chat_per_minute: Annotated[int, Field(ge=0, le=100_000)] = 60
    rate_limit_log_per_minute: Annotated[int, Field(ge=0, le=100_000)] = 120
    # Sign-ups (POST /api/users, the one route without a token) per client address per
    # minute: an IPv4 address, or an IPv6 /64 (one host's usual share); 0 turns it off.
    # Behind a reverse proxy, list it in trusted_proxies, or every client counts as the
    # proxy's address.
    rate_limit_signup_per_minute: Annotated[int, Field(ge=0, le=100_000)] = 10
    # The addresses or networks (CIDR) of the reverse proxies whose X-Forwarded-For and
    # X-Forwarded-Proto are believed; "*" believes anyone. Empty (the default): the headers
    # are ignored, so a client cannot pick its own address (and sign-up budget).
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    # Memory items kept per user (active, expired and deleted ones); the oldest expired or
    # deleted are pruned to make room, and a CREATE beyond the cap is dropped and reported.
    memory_max_items: Annotated[int, Field(ge=10, le=100_000)] = 500
    # Chat lines (the user's and the coach's) kept per user; older ones are pruned.
    chat_history_max_lines: Annotated[int, Field(ge=20, le=1_000_000)] = 2000
    # SQLite durability: FULL syncs the WAL at every commit, so an acknowledged write
    # survives a power cut too; NORMAL survives process crashes only (docs/reliability.md).
    sqlite_synchronous: Literal["FULL", "NORMAL"] = "FULL"
    # The service's own log lines (one per LLM model call among them) on stderr.
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_json: bool = False
    # Slow clients (`api/slow_clients.py`, under `fitcoach serve`): a request's line and
    # headers must arrive within the first limit of the connection opening or of the
    # request's first byte (else 408), and its body may pause at most the second between
    # two pieces (else the connection is closed).
    request_head_timeout_seconds: Annotated[float, Field(gt=0, le=300)] = 10.0
    request_body_timeout_seconds: Annotated[float, Field(gt=0, le=600)] = 30.0
    host: str = "127.0.0.1"
    port: Annotated[int, Field(ge=1, le=65535)] = 8000
    # The smallest barbell increase the plan's loads step by (the lightest plate pair on
    # hand), per unit: 0.5 kg micro-plates make it 1 (`analytics.units.PlateSteps`).
    plate_step_kg: Annotated[float, Field(gt=0, le=10)] = 2.5
    plate_step_lb: Annotated[float, Field(gt=0, le=20)] = 5.0

    # LLM brains (FITCOACH_BRAIN=gemini|openai). Keys are secrets: never logged or echoed.
    gemini_api_key: SecretStr | None = None
    gemini_model: str = "gemini-3.8-flash"
    gemini_base_url: str | None = Field(
        default=None, description="override Google's endpoint (tests, proxies)"
    )
    gemini_explicit_cache: bool = True
    gemini_min_cache_tokens: Annotated[int, Field(ge=0)] = 4096
    gemini_tool_mode: Literal["auto", "combined", "two_phase"] = "auto"
    gemini_thinking_level: Literal["minimal", "low", "medium", "high"] | None = "low"
    openai_base_url: str | None = Field(
        default=None, description="any OpenAI-compatible server; unset means OpenAI itself"
    )
    openai_api_key: SecretStr | None = None
    openai_model: str = "gpt-5.4-mini"
    openai_response_format: Literal["json_schema", "json_object", "none"] = "json_schema"
    openai_tools: bool = True
    # "auto": tools and the schema in one request on OpenAI itself; elsewhere a tool phase
    # without the schema, then the schema without tools (servers that constrain decoding).
    openai_tool_mode: Literal["auto", "combined", "two_phase"] = "auto"
    llm_timeout_seconds: Annotated[float, Field(gt=0, le=300)] = 15.0
    # One budget for all model calls of a chat turn; past it the embedded brain answers.
    llm_turn_deadline_s: Annotated[float, Field(gt=0, le=600)] = 8.0
    llm_retries: Annotated[int, Field(ge=0, le=10)] = 1
    llm_max_output_tokens: Annotated[int, Field(ge=256, le=65536)] = 4096
    llm_cache_ttl_seconds: Annotated[int, Field(ge=300, le=7 * 24 * 3600)] = 3600
    llm_cache_renew_margin_seconds: Annotated[int, Field(ge=60, le=24 * 3600)] = 600

    @field_validator("db")
    @classmethod
    def _known_database(cls, value: str) -> str:
        try:
            url = make_url(value)
        except ArgumentError as error:
            raise ValueError(f"FITCOACH_DB is not a database URL: {error}") from None
        if url.drivername in ("postgres", "postgresql"):
            # psycopg 3 is the driver we ship; SQLAlchemy would otherwise look for psycopg2.
            url = url.set(drivername="postgresql+psycopg")
        if url.get_backend_name() not in SUPPORTED_DATABASES:
            raise ValueError(
                f"FITCOACH_DB must be one of {SUPPORTED_DATABASES}, not {url.get_backend_name()!r}"
            )
        return url.render_as_string(hide_password=False)

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split_proxies(cls, value: object) -> object:
        if isinstance(value, str):  # "10.0.0.5, 10.1.0.0/16" in the environment
            return tuple(proxy.strip() for proxy in value.split(",") if proxy.strip())
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies_are_addresses(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        # uvicorn would quietly treat a typo as a literal host name that never matches.
        for proxy in value:
            if proxy == "*":
                continue
            try:
                ipaddress.ip_network(proxy)  # an address is a network of one
            except ValueError:
                raise ValueError(f"FITCOACH_TRUSTED_PROXIES: {proxy!r} is not an IP address "
                                 "or network (such as 10.0.0.5 or 10.0.0.0/8)") from None
        return value

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        # "https://a.example, https://b.example" in the environment; a list in code.
        if isinstance(value, str):
            return tuple(origin.strip() for origin in value.split(",") if origin.strip())
        return value

    @field_validator("cors_origins")
    @classmethod
    def _origins_are_urls(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for origin in value:
            if origin != "*" and not origin.startswith(("http://", "https://")):
                raise ValueError(f"CORS origin {origin!r} must start with http:// or https://")
        return value

    @property
    def is_sqlite(self) -> bool:
        return make_url(self.db).get_backend_name() == "sqlite"


@cache
def get_settings() -> Settings:
    """The process's settings, read once from the environment."""
    return Settings()
