"""``python -m burgundy_cli`` runs the command line."""

from burgundy_cli.cli import main

main()
