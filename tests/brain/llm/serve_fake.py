"""Serve the tests' fake OpenAI-compatible server on 127.0.0.1 until interrupted, so that
`fitcoach eval --brain openai` can be pointed at it offline:

    PYTHONPATH=src:. .venv/bin/python -m tests.brain.llm.serve_fake --server vllm --port 8089

Every request is answered with one valid no-change decision in English (`STANDING_ANSWER`),
through the server behaviour chosen (constrained decoding, refusals, pairing checks; see
fake_openai.py). What an eval against it shows is the protocol path: the prompt is sent,
the answer parses and validates, nothing falls back. Its routing score says nothing about a
model: the fake answers the same thing whatever it is asked.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

import uvicorn

from .fake_openai import FakeOpenAI

# Enough room for the lean prefix, like an Ollama started with OLLAMA_CONTEXT_LENGTH=16384
# as docs/llm.md says; the 4k default would cut the prompt.
OLLAMA_CONTEXT = 16384
DEFAULT_PORT = 8089

SERVERS: dict[str, Callable[[], FakeOpenAI]] = {
    "openai": FakeOpenAI,
    "ollama": lambda: FakeOpenAI.ollama(context_length=OLLAMA_CONTEXT),
    "ollama-no-tools": lambda: FakeOpenAI.ollama(tools=False, context_length=OLLAMA_CONTEXT),
    "vllm": FakeOpenAI.vllm,
    "vllm-no-tool-parser": lambda: FakeOpenAI.vllm(tool_parser=False),
    "llamacpp": FakeOpenAI.llamacpp,
    "llamacpp-no-jinja": lambda: FakeOpenAI.llamacpp(jinja=False),
}

STANDING_ANSWER = {
    "proposal_type": "NONE", "target_day": None, "language": "en", "edits": [],
    "memory_mutations": [],
    "message": "Keep your reps smooth and stop a rep or two short of failure."}


def standing_fake(server: str) -> FakeOpenAI:
    """The fake of `server`, answering every request with `STANDING_ANSWER`."""
    fake = SERVERS[server]()
    fake.answer_always(STANDING_ANSWER)
    return fake


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=sorted(SERVERS), default="openai",
                        help="which server's documented behaviour to copy")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    options = parser.parse_args()
    fake = standing_fake(options.server)
    print(f"fake {options.server} at http://127.0.0.1:{options.port}/v1 "
          f"(FITCOACH_OPENAI_BASE_URL=http://127.0.0.1:{options.port}/v1)", flush=True)
    # 127.0.0.1 only: nothing outside this machine can reach it.
    uvicorn.run(fake.app, host="127.0.0.1", port=options.port, log_level="warning",
                lifespan="off", access_log=False)


if __name__ == "__main__":
    main()
