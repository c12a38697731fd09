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


def _first_balanced(text: str, open_ch: str, close_ch: str) -> str | None:
    start = text.find(open_ch)
    while start != -1:
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
                    return text[start : i + 1]
        start = text.find(open_ch, start + 1)
    return None


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
        found = _first_balanced(stripped, open_ch, close_ch)
        if found:
            candidates.append(found)
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    raise AnswerError(f"no JSON value in the answer: {stripped[:120]!r}")
