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


class ModelUnavailable(Exception):
    """The model stopped answering (a dead or hanging server, or answers that all fall back).

    Raised by the gateway's circuit breaker so that a run stops at its last checkpoint with a clear
    message instead of going on for hours on fail-safe answers; resume it once the model is back.
    """


class StopRequested(KeyboardInterrupt):
    """The user asked the run to stop (Ctrl-C) and the current step was taking too long to end.

    A KeyboardInterrupt, so that every place that already treats Ctrl-C as "stop without finishing the
    step" (resume from the last checkpoint) treats this the same way.
    """
