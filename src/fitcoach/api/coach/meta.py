"""The chat turn's `meta` as a client may see it: coarse codes, never raw error text.

The pipeline records why a turn fell back to the embedded brain (`fallback_reason`: the
exception's type and text: a provider's error body, a timeout, the problems of an answer that
did not parse) and why no plan change could be built (`rejected`: the engine's and the
validator's messages, which may quote what a model wrote); a rejected answer's problems come
as data too (`fallback_problems`, `rejected_problems`: source and code, no text). The texts
go to the server's log; the response carries only a code, taken from the data:

- `fallback_reason`: `timeout`, `provider_error`, `invalid_output` (the model's answer was not
  usable: bad JSON, schema, an unknown slug or memory id) or `validator_rejected` (the plan
  change it asked for broke a rule, or the engine could not make it);
- `rejected`: the engine's refusal codes and the validator's violation codes (`missing_gear`,
  `recovery`, ...), or `invalid_output`, each once.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

logger = logging.getLogger("fitcoach.api.coach")

TIMEOUT = "timeout"
PROVIDER_ERROR = "provider_error"
INVALID_OUTPUT = "invalid_output"
VALIDATOR_REJECTED = "validator_rejected"
FALLBACK_CODES = (TIMEOUT, PROVIDER_ERROR, INVALID_OUTPUT, VALIDATOR_REJECTED)

_CODE = re.compile(r"[a-z][a-z0-9_]{0,40}")


def fallback_code(reason: str) -> str:
    """The coarse code of a `fallback_reason` ("<exception type>: <text>") that came without
    structured problems: not a rejected answer but a failure to get one, a timeout or else
    a provider error."""
    kind, _, text = reason.partition(":")
    head = (kind + text[:60]).lower()
    return TIMEOUT if "timeout" in head or "timed out" in head else PROVIDER_ERROR


def problem_code(problem: Mapping[str, Any]) -> str:
    """The public code of one of the pipeline's structured problems (`brain.decision.Problem`
    as data): the engine's refusal code, the validator's violation code, else
    `invalid_output`."""
    code = str(problem.get("code", "")).lower()
    if problem.get("source") in ("edit", "rule") and _CODE.fullmatch(code):
        return code
    return INVALID_OUTPUT


def problems_fallback_code(problems: Sequence[Mapping[str, Any]]) -> str:
    """The fallback code of a rejected decision, from its structured problems."""
    by_engine = bool(problems) and all(p.get("source") in ("edit", "rule") for p in problems)
    return VALIDATOR_REJECTED if by_engine else INVALID_OUTPUT


def public_meta(meta: Mapping[str, Any], *, user_id: str) -> dict[str, Any]:
    """`meta` with the failure details replaced by codes; the details are logged. The codes
    of a rejected answer come from the pipeline's structured problems (`fallback_problems`,
    `rejected_problems`), never from text; a fallback without them is a timeout or a
    provider error."""
    shown = dict(meta)
    fallback_problems = shown.pop("fallback_problems", None)
    rejected_problems = shown.pop("rejected_problems", None)
    reason = shown.get("fallback_reason")
    if reason:
        code = problems_fallback_code(fallback_problems) if fallback_problems is not None \
            else fallback_code(str(reason))
        logger.warning("chat turn of %s fell back to the %s brain (%s): %s", user_id,
                       shown.get("brain", "?"), code, reason)
        shown["fallback_reason"] = code
    rejected = shown.get("rejected")
    if rejected:
        problems = list(rejected) if isinstance(rejected, list | tuple) else [rejected]
        logger.info("chat turn of %s changed no plan: %s", user_id, "; ".join(map(str, problems)))
        codes = [problem_code(p) for p in rejected_problems or ()] or [INVALID_OUTPUT]
        shown["rejected"] = list(dict.fromkeys(codes))
    return shown
