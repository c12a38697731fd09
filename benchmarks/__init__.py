"""Token and speed benchmarks of aga; results are recorded in ``benchmarks/results/``."""
