# aga in a container: the CLI as the entry point, runs and models on a volume (/data).
#   docker compose up            # the town of docker-compose.yml, with Prometheus scraping it
#   docker compose run --rm town run ville25 --days 1 --mode aga -m scripted/default
FROM python:3.11-slim

# A compiler and cmake: llama-cpp-python builds llama.cpp at install.
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential cmake \
    && rm -rf /var/lib/apt/lists/*

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    LITELLM_LOCAL_MODEL_COST_MAP=True \
    HF_HUB_OFFLINE=1 \
    AGA_RUNS_DIR=/data/runs \
    AGA_CACHE_DIR=/data/cache \
    AGA_POLICIES_DIR=/data/policies

WORKDIR /app

# torch first, from PyTorch's CPU index: the default one from PyPI is a multi-GB CUDA build.
RUN pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
# A portable AVX2 build without the multimodal library, as the Makefile builds it: the native one uses
# AMX tiles where the CPU has them, and those have been seen to crash (see the Makefile).
RUN CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF" pip install llama-cpp-python==0.3.36

COPY pyproject.toml README.md ./
COPY aga aga
COPY policy_store policy_store
COPY social_memory social_memory
COPY benchmarks benchmarks
COPY scenarios scenarios
# Editable, as with `make setup`: the bundled scenarios are found next to the sources.
RUN pip install -e .
# The household experiment's simulator, without its evaluation harness's dependencies (see the Makefile).
RUN pip install --no-deps virtualhome-eval==0.1.1

VOLUME /data
EXPOSE 9464
ENTRYPOINT ["aga"]
CMD ["--help"]
