"""The ``burgundy`` script's entry point (``[project.scripts]``) and ``python -m burgundy_cli``'s.

A function in a module that imports nothing, so that the script has the smallest window in
which Ctrl-C is not the program's: :func:`main` imports the command line (typer, Rich,
pydantic: the first tenths of a second) inside a ``try`` that turns a ``KeyboardInterrupt``
raised meanwhile into exit 130, the code a shell reports for Ctrl-C, with no traceback
(issue 33 item 18). Once :mod:`burgundy_cli.cli` has started loading, its own handler takes
over (docs/errors.md, "Ctrl-C").
"""


def main() -> None:
    """Run the ``burgundy`` command line (:func:`burgundy_cli.cli.main`)."""
    try:
        from burgundy_cli.cli import main as run
        # (inside the try too: the module, once loaded, gives Python's handler back, and a Ctrl-C
        # in the instant before run() takes SIGINT again raised a traceback)
        run()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
