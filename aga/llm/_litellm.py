"""The one import of litellm in the code base, configured for offline use.

``LITELLM_LOCAL_MODEL_COST_MAP`` must be set before litellm is imported, or litellm tries to fetch
its price list from the network at import time. Custom providers (``local/...`` for the embedded
llama.cpp model, ``scripted/...`` for the simulator, and any a test registers) are added here.
"""

from __future__ import annotations

import logging
import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import litellm

litellm.suppress_debug_info = True
litellm.telemetry = False
for _name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx"):
    logging.getLogger(_name).setLevel(logging.ERROR)

_registered: dict[str, object] = {}


def register_provider(name: str, handler: litellm.CustomLLM) -> None:
    """Make ``name/...`` model strings route to ``handler`` (a ``litellm.CustomLLM``)."""
    _registered[name] = handler
    litellm.custom_provider_map = [{"provider": n, "custom_handler": h} for n, h in _registered.items()]
    # litellm reads custom_provider_map lazily on the next call; also run its setup now so that
    # get_llm_provider() knows the name before the first completion.
    from litellm.utils import custom_llm_setup

    custom_llm_setup()


def register_price(model: str, provider: str, input_per_token: float, output_per_token: float) -> None:
    """Give ``model`` prices so litellm's cost functions work for it (zero for local models)."""
    litellm.register_model(
        {
            model: {
                "input_cost_per_token": input_per_token,
                "output_cost_per_token": output_per_token,
                "litellm_provider": provider,
                "mode": "chat",
            }
        }
    )


__all__ = ["litellm", "register_price", "register_provider"]
