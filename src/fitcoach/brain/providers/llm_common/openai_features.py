"""What an OpenAI-compatible server supports, learnt from its refusals and remembered.

Servers differ: OpenAI takes tools and a JSON schema in one request; Ollama, vLLM and
llama.cpp enforce `response_format` by constrained decoding, so a schema sent with tools
silently stops every tool call (ollama/ollama#8095, ollama/ollama#11037,
vllm-project/vllm#39929); some refuse tools altogether until started with the right flags.
A refusal is read once, the step down is remembered for that server (its base URL and the
model) for the life of the process, and every brain talking to it shares what was learnt.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import openai

ResponseFormatMode = Literal["json_schema", "json_object", "none"]
Feature = Literal["tools", "json_schema", "json_object"]

# Weaker modes to try, in order, when a server refuses one.
DOWNGRADES: dict[ResponseFormatMode, ResponseFormatMode | None] = {
    "json_schema": "json_object", "json_object": "none", "none": None}


@dataclass(slots=True)
class ServerFeatures:
    """What the next request to one server may carry."""

    tools: bool
    response_format: ResponseFormatMode
    truncation_reported: bool = False  # the warning about a too small context, said once


class FeatureRegistry:
    """Per process: server (base URL and model: Ollama supports tools per model) → what it
    accepted so far."""

    def __init__(self) -> None:
        self._known: dict[str, ServerFeatures] = {}
        self._lock = threading.Lock()

    def features(self, server: str, *, tools: bool,
                 response_format: ResponseFormatMode) -> ServerFeatures:
        """The shared record for `server`, created from the configured wishes on first use."""
        with self._lock:
            known = self._known.get(server)
            if known is None:
                known = self._known[server] = ServerFeatures(tools, response_format)
            return known

    def clear(self) -> None:
        """Forget everything (tests: a port of a finished test's server can be reused)."""
        with self._lock:
            self._known.clear()


SERVERS = FeatureRegistry()


# Documented refusals that name the flag a server was started without. Each means "this
# server cannot do tools now", whatever its status code:
# - vLLM without --enable-auto-tool-choice/--tool-call-parser: 400 '"auto" tool choice
#   requires --enable-auto-tool-choice and --tool-call-parser to be set';
# - llama-server without --jinja: 500 "tools param requires --jinja flag".
_TOOL_FLAG_REFUSALS = ("--enable-auto-tool-choice", "--tool-call-parser",
                       "tools param requires --jinja")
# Older llama-server builds: 500 'response_format type must be one of "text" or
# "json_object", but got: json_schema'.
_SCHEMA_REFUSALS = ('must be one of "text" or "json_object"',)

# What servers say when they do not support a request field at all (OpenAI, vLLM, llama.cpp,
# Ollama's "<model> does not support tools", LM Studio, proxies), as opposed to a request they
# understood and found wrong.
_UNSUPPORTED_PHRASES = (
    "not supported", "unsupported", "does not support", "doesn't support", "not support ",
    "unrecognized", "unrecognised", "unknown field", "unknown parameter", "unknown argument",
    "unexpected keyword", "extra inputs are not permitted", "extra_forbidden",
    "not implemented", "not available for this model", "is not enabled",
)
_UNSUPPORTED_CODES = ("unsupported_parameter", "unsupported_value", "extra_forbidden")
TOOL_WORDS = ("tool", "function")
FORMAT_WORDS: dict[ResponseFormatMode, tuple[str, ...]] = {
    "json_schema": ("response_format", "json_schema", "structured output", "guided_json",
                    "json mode", "json_object"),
    "json_object": ("response_format", "json_object", "json mode"),
    "none": (),
}


def refused_feature(refused: openai.APIStatusError, *, tools: bool,
                    response_format: ResponseFormatMode) -> Feature | None:
    """The feature (among those the request carried) that `refused` says the server lacks;
    None when the error is about this request rather than about what the server supports."""
    text = _text(refused)
    if tools and any(flag in text for flag in _TOOL_FLAG_REFUSALS):
        return "tools"
    if response_format == "json_schema" and any(p in text for p in _SCHEMA_REFUSALS):
        return "json_schema"
    if not isinstance(refused, openai.BadRequestError):
        return None  # other statuses only count with the documented words above
    if tools and unsupported(refused, TOOL_WORDS):
        return "tools"
    if response_format != "none" and unsupported(refused, FORMAT_WORDS[response_format]):
        return response_format
    return None


def unsupported(refused: openai.APIStatusError, feature_words: Sequence[str]) -> bool:
    """Whether an error says the server does not support a feature named by `feature_words`:
    by the error's code and parameter (OpenAI's `unsupported_parameter`), or by a message
    that both names the feature and says it is unsupported."""
    param = str(refused.param or "").lower()
    # vLLM's flat error object carries the HTTP status as an integer `code`.
    if str(refused.code or "").lower() in _UNSUPPORTED_CODES and param and any(
            word in param for word in feature_words):
        return True
    text = _text(refused)
    return any(word in text for word in feature_words) and any(
        phrase in text for phrase in _UNSUPPORTED_PHRASES)


def _text(refused: openai.APIStatusError) -> str:
    return f"{refused.message} {refused.body if refused.body is not None else ''}".lower()
