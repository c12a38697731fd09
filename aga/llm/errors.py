"""Errors raised by the LLM gateway."""

from __future__ import annotations


class LLMConfigError(Exception):
    """A problem the user must fix before any call can succeed.

    Unknown model, missing API key, a local model that is not installed or whose file is corrupt.
    The message is one sentence saying what is wrong and how to fix it.
    """


class AnswerError(Exception):
    """The model answered, but the answer is malformed or out of range for the task's schema."""


class TemplateError(Exception):
    """A prompt template could not be rendered (missing file or missing variable)."""
