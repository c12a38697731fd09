"""What aga's custom providers share: reading the requested schema and filling litellm's response."""

from __future__ import annotations

from typing import Any

from aga.llm._litellm import litellm


def requested_schema(optional_params: dict[str, Any]) -> tuple[bool, dict[str, Any] | None]:
    """(JSON was asked for, its schema if any) from litellm's ``response_format`` parameter."""
    response_format = optional_params.get("response_format")
    if not isinstance(response_format, dict):
        return False, None
    schema = (response_format.get("json_schema") or {}).get("schema") or response_format.get("schema")
    return True, schema


def fill(
    model_response: Any, model: str, text: str, prompt_tokens: int, completion_tokens: int, finish_reason: str = "stop"
) -> Any:
    """Put the answer and its usage into litellm's response object and return it."""
    model_response.model = model
    model_response.choices[0].message.content = text
    model_response.choices[0].finish_reason = finish_reason
    model_response.usage = litellm.Usage(
        prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, total_tokens=prompt_tokens + completion_tokens
    )
    return model_response
