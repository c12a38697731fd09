"""The container files stay true to the code: Docker cannot run on our machines (no engine), so these
checks are what keeps Dockerfile, docker-compose.yml and the Prometheus config from rotting."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_dockerfile_copies_what_exists_and_pins_what_the_project_pins():
    dockerfile = (ROOT / "Dockerfile").read_text()
    for line in dockerfile.splitlines():
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), f"Dockerfile copies {source}, which does not exist"
    pyproject = (ROOT / "pyproject.toml").read_text()
    llama = re.search(r"llama-cpp-python==[0-9.]+", pyproject)
    assert llama and llama.group(0) in dockerfile, "the Dockerfile must install the llama-cpp-python of pyproject"
    assert "torch==2.13.0" in dockerfile
    # The image builds llama.cpp with the flags `make setup` uses (portable, no multimodal library).
    flags = re.search(r"^LLAMA_CMAKE\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert flags and "-DGGML_NATIVE=OFF" in flags.group(1)
    assert f'CMAKE_ARGS="{flags.group(1).strip()}"' in dockerfile, "Dockerfile and Makefile build llama.cpp alike"
    assert 'ENTRYPOINT ["aga"]' in dockerfile


def test_prometheus_scrapes_the_port_the_town_serves():
    town = _compose()["services"]["town"]
    command = town["command"]
    port = command[command.index("--metrics-port") + 1]
    assert command[command.index("--metrics-addr") + 1] == "0.0.0.0"  # reachable from the other container
    assert f"{port}:{port}" in town["ports"]
    prometheus = yaml.safe_load((ROOT / "deploy" / "prometheus.yml").read_text())
    targets = prometheus["scrape_configs"][0]["static_configs"][0]["targets"]
    assert targets == [f"town:{port}"]
    mounted = _compose()["services"]["prometheus"]["volumes"][0].split(":")[0]
    assert (ROOT / mounted).resolve() == ROOT / "deploy" / "prometheus.yml"


def test_the_compose_town_command_runs(tmp_path: Path):
    """The town's command as the container runs it (metrics server included), shortened to a few
    simulated minutes and bound to any free loopback port."""
    command = list(_compose()["services"]["town"]["command"])
    command[command.index("--days") : command.index("--days") + 2] = ["--hours", "0.1"]
    command[command.index("--metrics-port") + 1] = "0"
    command[command.index("--metrics-addr") + 1] = "127.0.0.1"
    env = {**os.environ, "AGA_RUNS_DIR": str(tmp_path / "runs"), "AGA_POLICIES_DIR": str(tmp_path / "policies")}
    done = subprocess.run(
        [sys.executable, "-m", "aga", *command, "--run-id", "compose"],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "runs" / "compose" / "metrics.prom").read_text()
    assert "aga_requests_metric_total" in written and "aga_cache_hit_rate_metric" in written
