"""The scripted simulator: a stand-in for a language model, served as the ``scripted/...`` provider.

It is reached only through the gateway, like any model: cognition imports nothing from here. What it
reads is what a model reads: the rendered prompt of a named task, the values that prompt shows (so it
need not parse the text back) and the answer schema. It knows no town: places, rooms and objects are
chosen among the options the prompt lists, by meaning (MiniLM similarity), and how important an event
is comes from the event's text. Its variety is measured against real models by ``aga bench realism``
(see ``benchmarks/results/realism.md``).

Modules: ``prompt`` (what one call shows), ``meaning`` (similarity by embedding), ``text`` (grammar
helpers), and one module of answers per kind of task: ``plan``, ``steps`` (decompositions), ``act``,
``importance``, ``talk``, ``notes`` (social memory, reflection, interviews), ``judge`` (ranking
interview answers for `aga eval`). The litellm provider that
dispatches to them lives with the gateway (``aga/llm/providers/scripted.py``): this package imports
nothing from the gateway nor from cognition.
"""

from aga.simulator import act, household, importance, judge, notes, plan, steps, talk  # noqa: F401  (register the answers)
from aga.simulator.meaning import use_embedder
from aga.simulator.prompt import HOOKS, Prompt

__all__ = ["HOOKS", "Prompt", "use_embedder"]
