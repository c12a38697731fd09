"""aga: a runtime for affordable generative agents.

The package is organised by what each part holds: ``aga.llm`` is the only place that talks to a
language model, ``aga.embeddings`` turns text into vectors, ``aga.storage`` opens databases and run
folders, ``aga.clock`` is the simulated clock, ``aga.cli`` is the command line.
"""

__version__ = "0.1.0"
