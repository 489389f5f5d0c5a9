"""Many games at once: batches in parallel processes, reproducible whatever the workers."""

from skirmish.sim.runner import BatchSpec, GameSummary, run_batch
from skirmish.sim.stats import BatchReport, wilson_interval

__all__ = ["BatchReport", "BatchSpec", "GameSummary", "run_batch", "wilson_interval"]
