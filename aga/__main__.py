"""``python -m aga`` runs the command line."""

from aga.cli import main

main()
