# Two entry points (see README): `make run` and `make test`. Both set up everything they need first
# and are quick when it is already there (each step is guarded by a stamp or an installed check).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.aga-installed
RUN_MODEL  ?= qwen2.5-coder-1.5b
TEST_MODEL ?= smollm2-135m
# Test processes (pytest-xdist): one per core, at most 4 (each loads MiniLM and the simulator's state).
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$n)
# The main job's town run: the scripted simulator covers a whole simulated day in about a minute;
# `make run TOWN_MODEL=local/qwen2.5-coder-1.5b HOURS=1` runs the town on the embedded model instead.
SCENARIO   ?= ville3
TOWN_MODEL ?= scripted/default
HOURS      ?= 24

.PHONY: setup run test lint models clean

setup: $(STAMP)

# llama-cpp-python compiles llama.cpp at install. Its default (-march=native) uses AMX tiles on CPUs
# that have them, and here AMX faults (SIGSEGV at `ldtilecfg` in ggml_backend_amx_mul_mat, seen on a
# Sapphire Rapids machine), so build a portable AVX2 binary instead (GGML_NATIVE=OFF). LLAVA_BUILD=OFF
# leaves out the multimodal library (54 of its sources), which aga never loads: llama_cpp imports it
# only for image chat handlers. The version comes from pyproject.toml, so `pip install -e .` below
# finds it satisfied and does not build it again.
# The wheel is built once per machine and kept in aga's cache directory, under a name that holds the
# version and the flags: pip's own wheel cache is keyed by the source alone and would hand back a
# wheel built with other flags (a native one), hence --no-cache-dir for the build and our own key.
# The build goes to a temporary folder renamed when complete, so an interrupted build leaves nothing
# that a later `make` would take for a wheel.
LLAMA_SPEC   := $(shell grep -o 'llama-cpp-python==[0-9.]*' pyproject.toml)
LLAMA_CMAKE  := -DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF
WHEELS       ?= $(or $(AGA_CACHE_DIR),$(HOME)/.cache/aga)/wheels
LLAMA_WHEELS := $(WHEELS)/$(subst ==,-,$(LLAMA_SPEC))-$(shell uname -m)-$(subst -D,,$(subst =,_,$(subst $() ,-,$(LLAMA_CMAKE))))
# The stamp names what was installed: another version or other flags in this file install again.
LLAMA        := $(VENV)/.$(notdir $(LLAMA_WHEELS))

# VirtualHome's EvolvingGraph (the household experiment) with --no-deps: its declared dependencies
# (pddlgym, gym, ipdb, scikit-image) serve its LLM-evaluation harness, not the simulator, which needs
# only numpy, and pddlgym would downgrade Pillow.
VIRTUALHOME := virtualhome-eval==0.1.1

# torch==2.13.0 first: it is the CPU build on these machines' disk; an unpinned torch (pulled by
# sentence-transformers) would download a multi-GB CUDA build.
$(STAMP): pyproject.toml Makefile $(LLAMA)
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python -m pip install -q --no-deps $(VIRTUALHOME)
	touch $@

$(LLAMA):
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	if ! ls $(LLAMA_WHEELS)/*.whl >/dev/null 2>&1; then \
		rm -rf $(LLAMA_WHEELS).part && mkdir -p $(LLAMA_WHEELS).part && \
		CMAKE_ARGS="$(LLAMA_CMAKE)" $(BIN)/python -m pip wheel -q --no-cache-dir --no-deps \
			-w $(LLAMA_WHEELS).part "$(LLAMA_SPEC)" && \
		rm -rf $(LLAMA_WHEELS) && mv $(LLAMA_WHEELS).part $(LLAMA_WHEELS); \
	fi
	$(BIN)/python -m pip install -q --no-index --no-deps --force-reinstall $(LLAMA_WHEELS)/*.whl
	touch $@

models: setup
	$(BIN)/aga models install $(RUN_MODEL)

# The main job: one question to the embedded local model through the gateway, then a simulated day of
# the 3-agent town, its state, its conversations and its token ledger. Each run gets a fresh id.
run: setup models
	$(BIN)/aga models
	$(BIN)/aga llm try --model local/$(RUN_MODEL) --run main-llm-try \
		"In one sentence: what should the owner of a small cafe do on the morning before a Valentine's Day party?"
	id=main-$(SCENARIO)-$$(date +%Y%m%d-%H%M%S); \
	$(BIN)/aga run $(SCENARIO) --hours $(HOURS) --model $(TOWN_MODEL) --run-id $$id && \
	$(BIN)/aga show $$id && $(BIN)/aga log $$id --kind chat --limit 3 && $(BIN)/aga ledger $$id --by module

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# --durations: the slowest tests named at the end of every run, so that CI's log says where its time goes.
test: setup
	$(BIN)/aga models install $(TEST_MODEL)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist worksteal --durations=15

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .import_linter_cache
