"""``python -m burgundy_cli`` runs the command line (the same entry point as ``burgundy``)."""

from burgundy_cli.entry import main

main()
