"""Scenarios: the file formats (schema) and loading a scenario folder (loader)."""
