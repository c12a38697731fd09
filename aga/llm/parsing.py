"""Turning model text into JSON values.

Written by hand because no library does this leniently enough: small local models wrap JSON in
Markdown fences or a sentence of prose ("Sure! Here is the JSON: {...}"), and we would rather take
the first complete object than spend a retry on it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aga.llm.errors import AnswerError

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)


def _balanced_spans(text: str, open_ch: str, close_ch: str, limit: int = 20) -> list[str]:
    """Balanced ``open_ch``..``close_ch`` spans, one per start position (first ``limit`` starts)."""
    spans: list[str] = []
    start = text.find(open_ch)
    while start != -1 and len(spans) < limit:
        depth, in_str, escaped = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == open_ch:
                depth += 1
            elif ch == close_ch:
                depth -= 1
                if depth == 0:
                    spans.append(text[start : i + 1])
                    break
        start = text.find(open_ch, start + 1)
    return spans


def extract_json(text: str) -> Any:
    """Return the JSON value in ``text``: the whole text, a fenced block, or the first object.

    Raises :class:`AnswerError` when no JSON value can be found.
    """
    stripped = text.strip()
    if not stripped:
        raise AnswerError("empty answer")
    candidates = [stripped]
    candidates += [m.strip() for m in _FENCE.findall(stripped)]
    for open_ch, close_ch in (("{", "}"), ("[", "]")):
        candidates += _balanced_spans(stripped, open_ch, close_ch)
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    raise AnswerError(f"no JSON value in the answer: {stripped[:120]!r}")
