"""The chat turn's `meta` as a client may see it: coarse codes, never raw error text.

The pipeline records why a turn fell back to the embedded brain (`fallback_reason`: the
exception's type and text: a provider's error body, a timeout, the problems of an answer that
did not parse) and why no plan change could be built (`rejected`: the engine's and the
validator's messages, which may quote what a model wrote). Those details go to the server's
log; the response carries only a code:

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

# How the pipeline words a refusal by the engine or the validator (brain/pipeline.py).
_ENGINE = "plan edit rejected:"
_VALIDATOR = "the edited plan breaks a rule:"
_CODE = re.compile(r"[a-z][a-z0-9_]{0,40}")


def fallback_code(reason: str) -> str:
    """The coarse code of a `fallback_reason` ("<exception type>: <text>")."""
    kind, _, text = reason.partition(":")
    head = (kind + text[:60]).lower()
    if "timeout" in head or "timed out" in head:
        return TIMEOUT
    if kind.strip() == "AnswerRejected":
        return INVALID_OUTPUT
    if kind.strip() == "DecisionRejected":
        text = text.strip()
        return VALIDATOR_REJECTED if text.startswith((_ENGINE, _VALIDATOR)) else INVALID_OUTPUT
    return PROVIDER_ERROR


def rejection_code(problem: Any) -> str:
    """The engine's or the validator's code of one problem, else `invalid_output`."""
    text = str(problem)
    for prefix in (_ENGINE, _VALIDATOR):
        if text.startswith(prefix):
            code = text[len(prefix):].strip().partition(":")[0].strip()
            if _CODE.fullmatch(code):
                return code
    return INVALID_OUTPUT


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
    by_engine = all(p.get("source") in ("edit", "rule") for p in problems)
    return VALIDATOR_REJECTED if by_engine else INVALID_OUTPUT


def public_meta(meta: Mapping[str, Any], *, user_id: str) -> dict[str, Any]:
    """`meta` with the failure details replaced by codes; the details are logged. The
    pipeline's structured problems (`fallback_problems`, `rejected_problems`) give the codes
    when present; the text is parsed only for metadata without them."""
    shown = dict(meta)
    fallback_problems = shown.pop("fallback_problems", None)
    rejected_problems = shown.pop("rejected_problems", None)
    reason = shown.get("fallback_reason")
    if reason:
        code = problems_fallback_code(fallback_problems) if fallback_problems else \
            fallback_code(str(reason))
        logger.warning("chat turn of %s fell back to the %s brain (%s): %s", user_id,
                       shown.get("brain", "?"), code, reason)
        shown["fallback_reason"] = code
    rejected = shown.get("rejected")
    if rejected:
        problems = list(rejected) if isinstance(rejected, list | tuple) else [rejected]
        logger.info("chat turn of %s changed no plan: %s", user_id, "; ".join(map(str, problems)))
        codes = [problem_code(p) for p in rejected_problems] if rejected_problems else \
            [rejection_code(p) for p in problems]
        shown["rejected"] = list(dict.fromkeys(codes))
    return shown
