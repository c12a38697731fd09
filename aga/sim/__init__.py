"""The simulation: the step loop, runs, checkpoints and the timeline of what happened."""
