"""One log line per model call, with the tokens the provider reported, and a service that
actually prints them (DESIGN D12: observability)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from typing import Any

import pytest

from fitcoach.brain.providers.openai_compat import OpenAICompatBrain, OpenAIOptions

from .fake_openai import tokens_of
from .turns import logs, none_answer, request_for, turn


def brain(url: str, **options: Any) -> OpenAICompatBrain:
    return OpenAICompatBrain(OpenAIOptions(model="m", base_url=url, max_retries=0, **options))


def test_each_model_call_logs_one_line_with_its_tokens(openai_server, run, caplog) -> None:
    fake, url = openai_server
    fake.answer(none_answer())
    with caplog.at_level(logging.INFO, logger="fitcoach.brain.openai"):
        run(brain(url).decide(request_for(turn("hi")), logs()))
    [line] = [r for r in caplog.records if r.getMessage().startswith("llm call ")]
    body = fake.requests[0]
    prompt_tokens = tokens_of(body["messages"]) + tokens_of(body["tools"])
    assert line.llm_call["input_tokens"] == prompt_tokens  # what the server reported
    assert line.llm_call["output_tokens"] == 30
    assert line.llm_call["outcome"] == "ok"
    assert f"input={prompt_tokens} " in line.getMessage()


def test_a_failed_call_is_logged_too(openai_server, run, caplog) -> None:
    fake, url = openai_server
    fake.fail(500, "boom")
    with caplog.at_level(logging.INFO, logger="fitcoach.brain.openai"), \
            pytest.raises(Exception, match="boom"):
        run(brain(url).decide(request_for(turn("hi")), logs()))
    [line] = [r for r in caplog.records if r.getMessage().startswith("llm call ")]
    assert line.llm_call["outcome"] == "error"
    assert line.llm_call["input_tokens"] == 0


def test_the_service_prints_the_lines_as_json_when_asked() -> None:
    # A fresh interpreter: logging configured the way the app factory does it.
    program = (
        "import logging\n"
        "from fitcoach.log_setup import configure_logging\n"
        "from fitcoach.brain.providers.llm_common.usage import CallUsage, TurnUsage, log_call\n"
        "assert configure_logging('INFO', as_json=True)\n"
        "assert not configure_logging('INFO', as_json=True)  # once per process\n"
        "usage = TurnUsage(provider='openai', model='m', cache='automatic')\n"
        "log_call(logging.getLogger('fitcoach.brain.openai'), usage,\n"
        "         CallUsage(input_tokens=1200, cached_input_tokens=1000, output_tokens=80,\n"
        "                   latency_ms=412.0), phase='tools')\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True, env={"PYTHONPATH": "src", "PATH": "/usr/bin:/bin"})
    [printed] = done.stderr.strip().splitlines()
    entry = json.loads(printed)
    assert entry["logger"] == "fitcoach.brain.openai"
    assert entry["level"] == "INFO"
    assert entry["llm_call"] == {
        "provider": "openai", "model": "m", "phase": "tools", "outcome": "ok",
        "cache": "automatic", "input_tokens": 1200, "cached_input_tokens": 1000,
        "output_tokens": 80, "thinking_tokens": 0, "latency_ms": 412.0}
