"""Named LLM tasks: a prompt template file, an answer schema, a fail-safe and an optional repair.

Every LLM call in aga is a :class:`Task`. Modules declare their tasks next to their code, with the
template files beside them (``prompts/<task>.txt``), for example::

    IMPORTANCE = Task(
        name="perceive.importance",
        template=PROMPTS / "perceive.importance.txt",
        schema=Importance,
        failsafe=Importance(rating=4),
    )

and call ``gateway.call(IMPORTANCE, {"description": ...}, agent="Klaus Mueller")``.

Templates use ``string.Template`` syntax (``$name`` / ``${name}``): the caller formats lists and
memories itself, so a template needs no logic, and a missing variable is an error that names the
template file rather than a silently empty prompt.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from string import Template
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from aga.llm.errors import AnswerError, TemplateError
from aga.llm.parsing import extract_json

T = TypeVar("T", bound=BaseModel)

Choices = Mapping[str, Sequence[str | int]]
"""Per call, the values an answer field may take: the options the prompt lists (``{"id": [12, 40]}``)."""


class TextAnswer(BaseModel):
    """The answer of a free-text task."""

    text: str


# A text field that holds nothing but the answer format's "..." (or an ellipsis character): the format
# copied instead of filled in. The embedded 0.5B answered whole schedules so ("..." for every block's
# activity, 3 of its 60 one-call days in benchmarks/results/realism.json); taken as an answer it
# becomes an agent doing "...". Refused like any malformed answer: asked again, then the fail-safe.
_ONLY_DOTS = re.compile(r"[\s.\u2026]*[.\u2026][\s.\u2026]*")


def copied_ellipsis(value: Any, path: str = "") -> str | None:
    """Where in a parsed answer a text is only the format's "..." placeholder (``"blocks.2.activity"``),
    or None when no text is."""
    if isinstance(value, str):
        return (path or "(answer)") if _ONLY_DOTS.fullmatch(value) else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = copied_ellipsis(item, f"{path}.{key}" if path else str(key))
        if found is not None:
            return found
    return None


@lru_cache(maxsize=256)
def _load_template(path: Path) -> Template:
    try:
        return Template(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TemplateError(f"prompt template {path} cannot be read: {exc.strerror}") from exc


_REGISTRY: dict[str, Task[Any]] = {}


@dataclass(frozen=True, eq=False)
class Task(Generic[T]):
    """One named kind of LLM call.

    Attributes:
        name: dotted name, ``<module>.<what>`` (``plan.daily``); the part before the first dot is the
            module reported in the ledger unless ``module`` is given.
        template: the prompt template file.
        schema: pydantic model of the answer. For free-text tasks use :class:`TextAnswer` with
            ``structured=False``.
        failsafe: value used when every attempt failed, or a function ``(context, facts)`` giving it.
        structured: ask for JSON matching ``schema``; otherwise the whole answer text is the value.
        max_tokens / temperature: generation limits.
        max_prompt_chars: a longer rendered prompt is not sent: the call ends in the fail-safe at once,
            with the reason in the ledger (a guard against runaway inputs, far above any normal prompt).
        repair: deterministic fix-up of a valid answer (rescaling, clipping, mapping to known places),
            ``(value, context, facts)``; returns the repaired value, and the ledger counts the call as
            repaired when it differs.
        between_steps: a call made on a settled run, outside any step (an interview), that changes
            nothing a resume would roll back: the ledger never counts it as a replayed step's call.
        refuse: why a valid answer is wrong for this very call, or None when it is not,
            ``(value, context, facts)``: an answer refused is asked again like a malformed one, then ends
            in the fail-safe (a conversation line that says again a line the prompt shows).

    ``context`` holds the template's variables only (what the prompt shows). What a fail-safe or a
    repair needs beyond the prompt (a block's length in minutes, the places on offer as a list) comes
    as ``facts``: a typed object the caller passes with the call, never a hidden context key, so that
    nothing answering the prompt (a model, or the scripted simulator) can read it.
    """

    name: str
    template: Path
    schema: type[T]
    failsafe: T | Callable[[Mapping[str, Any], Any], T]
    structured: bool = True
    max_tokens: int = 300
    temperature: float = 0.7
    max_prompt_chars: int = 100_000
    repair: Callable[[T, Mapping[str, Any], Any], T] | None = None
    module: str = field(default="")
    between_steps: bool = False
    refuse: Callable[[T, Mapping[str, Any], Any], str | None] | None = None

    def __post_init__(self) -> None:
        if not self.module:
            object.__setattr__(self, "module", self.name.split(".", 1)[0])
        existing = _REGISTRY.get(self.name)
        if existing is not None and existing.template != self.template:
            raise ValueError(
                f"task name '{self.name}' is declared twice ({existing.template} and {self.template}); "
                "give one of them another name"
            )
        _REGISTRY[self.name] = self

    def variables(self) -> list[str]:
        """The names of the template's variables: all a prompt shows of its context."""
        return _load_template(self.template).get_identifiers()

    def shown(self, context: Mapping[str, Any]) -> dict[str, str]:
        """The context's values as the prompt shows them (``str`` of each template variable)."""
        return {name: str(context[name]) for name in self.variables() if name in context}

    def render(self, context: Mapping[str, Any]) -> str:
        """The prompt for ``context``; raises :class:`TemplateError` naming a missing variable.

        Keys starting with ``_`` (the old side channel to the simulator) are refused: a value no prompt
        shows travels as the call's ``facts`` (see the class docstring). Other unused keys are harmless:
        only :meth:`shown` values ever leave the gateway.
        """
        hidden = sorted(k for k in context if k.startswith("_"))
        if hidden:
            raise TemplateError(
                f"task '{self.name}' was given {', '.join(hidden)}, which no prompt shows; "
                "pass what only a fail-safe or a repair needs as the call's facts"
            )
        try:
            return _load_template(self.template).substitute(context)
        except KeyError as exc:
            raise TemplateError(
                f"prompt template {self.template} needs the variable {exc.args[0]!r}, "
                f"which the caller of task '{self.name}' did not give"
            ) from exc
        except ValueError as exc:
            raise TemplateError(f"prompt template {self.template} is malformed: {exc}") from exc

    def json_schema(self, choices: Choices | None = None) -> dict[str, Any] | None:
        """JSON schema the answer must follow, or ``None`` for free-text tasks.

        ``choices`` narrows top-level fields to the options this call's prompt lists: a field becomes
        an ``enum`` of them (an array field, an array of them), so a model whose server enforces the
        schema (llama.cpp's grammar, OpenAI's structured outputs) cannot answer outside the list; the
        embedded 1.5B model otherwise answered ids 0 and 1 for a chair (the home's are 103 and 356)
        and "none" for a thing. An answer outside is still the caller's to handle (a model that only
        takes JSON mode is not held to it).
        """
        if not self.structured:
            return None
        schema = self.schema.model_json_schema()
        for name, options in (choices or {}).items():
            prop = schema.get("properties", {}).get(name)
            if prop is None:
                raise ValueError(f"task '{self.name}' has no answer field {name!r} to give choices for")
            if not options:
                raise ValueError(f"task '{self.name}' was given no choices for {name!r}: an empty list has no answer")
            values = list(dict.fromkeys(options))
            if prop.get("type") == "array":
                items = {k: v for k, v in prop.get("items", {}).items() if k not in ("maxLength", "minLength")}
                prop["items"] = {**items, "enum": values}
            else:
                for key in ("maxLength", "minLength", "minimum", "maximum"):
                    prop.pop(key, None)
                prop["enum"] = values
        return schema

    def parse(self, text: str) -> T:
        """Validate the model's text into the task's schema; raises :class:`AnswerError`."""
        if not self.structured:
            cleaned = text.strip()
            if not cleaned:
                raise AnswerError("empty answer")
            try:
                return self.schema.model_validate({"text": cleaned})
            except ValidationError as exc:
                raise AnswerError(str(exc)) from exc
        value = extract_json(text)
        copied = copied_ellipsis(value)
        if copied is not None:
            raise AnswerError(
                f"answer of '{self.name}' copies the answer format's placeholder \"...\" in {copied} instead of "
                "filling it in"
            )
        try:
            return self.schema.model_validate(value)
        except ValidationError as exc:
            errors = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(answer)'}: {e['msg']}" for e in exc.errors())
            raise AnswerError(f"answer does not match the schema of '{self.name}': {errors}") from exc

    def failsafe_value(self, context: Mapping[str, Any], facts: Any = None) -> T:
        """The declared fail-safe for ``context`` and the call's ``facts``."""
        return self.failsafe(context, facts) if callable(self.failsafe) else self.failsafe


def get_task(name: str) -> Task[Any] | None:
    """The task declared under ``name`` in this process, if any."""
    return _REGISTRY.get(name)
