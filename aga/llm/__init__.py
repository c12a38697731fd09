"""The LLM gateway package: the only place in aga that calls a language model.

- :mod:`aga.llm.tasks`: named tasks (template file + answer schema + fail-safe + repair)
- :mod:`aga.llm.gateway`: :class:`~aga.llm.gateway.Gateway`, retries, fail-safes, accounting
- :mod:`aga.llm.ledger`: the token ledger (SQL rows, totals by task/module/agent/run)
- :mod:`aga.llm.metrics`: Prometheus metrics
- :mod:`aga.llm.routing`: model strings, keys, prices
- :mod:`aga.llm.local_models`: the embedded GGUF models and their PyPI packages
- :mod:`aga.llm.providers`: the ``local/`` (llama.cpp) and ``scripted/`` (simulator) providers

Importing this package does not import litellm (2-3 s); the gateway modules do.
"""
