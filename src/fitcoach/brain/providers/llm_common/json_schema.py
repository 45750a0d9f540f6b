"""Pydantic's JSON Schema, reshaped into the subset LLM providers constrain decoding with.

Gemini's `responseJsonSchema` and the OpenAI-compatible servers (OpenAI, vLLM, Ollama,
llama.cpp's grammar converter) all accept `$defs`/`$ref`, `anyOf`, `enum`, `type: "null"`,
`minimum`/`maximum` and `additionalProperties`, but not all of them accept pydantic's
`oneOf` + `discriminator`, `const` or `propertyNames`. Titles, defaults and descriptions
only cost tokens on every request: the cached system instruction explains every field
instead. The rewrite keeps the meaning: a discriminated union becomes an `anyOf` whose
branches each pin (and require) their `op` with a one-value `enum`.
"""

from __future__ import annotations

from typing import Any

# Keys that describe rather than constrain: dropped to keep the per-request schema small.
_DROPPED = frozenset({"title", "default", "discriminator", "examples", "description"})


def for_llm(schema: dict[str, Any]) -> dict[str, Any]:
    """A provider-friendly copy of `schema`; the input is not modified."""
    rewritten: dict[str, Any] = _rewrite(schema, schema.get("$defs", {}))
    return rewritten


def _rewrite(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_rewrite(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROPPED:
            continue
        if key == "oneOf":
            out["anyOf"] = _rewrite(value, defs)
        elif key == "const":
            out["enum"] = [value]
        elif key in ("properties", "$defs"):
            # Property names are data, not schema keywords: never drop "title" or "default"
            # when they name a property.
            out[key] = {name: _rewrite(sub, defs) for name, sub in value.items()}
        else:
            out[key] = _rewrite(value, defs)
    if "propertyNames" in out:
        _expand_property_names(out, defs)
    _require_pinned(node, out)
    if out.get("enum") and "type" not in out:
        out["type"] = _enum_type(out["enum"])
    return out


def _require_pinned(original: dict[str, Any], out: dict[str, Any]) -> None:
    """A property pinned to one value (a union's `op`) is what tells the branches apart, so
    the model must always write it, even though pydantic gives it a default."""
    properties = original.get("properties")
    if not isinstance(properties, dict):
        return
    pinned = [name for name, sub in properties.items() if isinstance(sub, dict) and "const" in sub]
    if pinned:
        required = list(out.get("required", []))
        out["required"] = pinned + [name for name in required if name not in pinned]


def _expand_property_names(node: dict[str, Any], defs: dict[str, Any]) -> None:
    """`{propertyNames: <enum>, additionalProperties: S}` → one optional property per name.

    A map keyed by an enum (weekday → focus) is the one place pydantic emits
    `propertyNames`; listing the keys is what every provider understands. Names that are not
    an enum only lose the restriction.
    """
    names = node.pop("propertyNames")
    if isinstance(names, dict) and "$ref" in names:
        names = defs.get(names["$ref"].rsplit("/", 1)[-1], {})
    keys = names.get("enum") if isinstance(names, dict) else None
    if keys:
        values = node.pop("additionalProperties", {})
        node["properties"] = dict.fromkeys(keys, values)
        node["additionalProperties"] = False


def _enum_type(values: list[Any]) -> str:
    if all(isinstance(v, str) for v in values):
        return "string"
    if all(isinstance(v, bool) for v in values):
        return "boolean"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "integer"
    return "number"
