"""burgundy: a move referee and game-record tool for tabletop games played at a real table.

Importing the package is cheap on purpose: each game, its data and the command line
are imported only when a command needs them.
"""

__version__ = "0.1.0"
