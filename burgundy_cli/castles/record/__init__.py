"""A Castles of Burgundy record: its tables read into a game state, replayed through the engine, and written back.

:mod:`.session` opens a record and replays its ``[log]`` (the session every command talks to);
:mod:`.setup` reads what a ``[setup]`` and a ``[position]`` share, :mod:`.setup_table` and
:mod:`.position_table` one table each; :mod:`.jsonschema` lays the tables out for the JSON
Schema; :mod:`.clarify` fills in or explains a line around the engine's verdict; :mod:`.table`
is the table session's side of the game.
"""
