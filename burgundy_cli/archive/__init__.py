"""The club archive: an index over many records, in SQLite or PostgreSQL, and its statistics.

The TOML records stay the source of truth; the archive can always be rebuilt from them.
``verify`` turns one record file into what the archive stores (through the games' session
API, never a second scoring), ``db`` opens a database and keeps its schema, ``sync`` brings
an archive in line with a folder, ``stats`` answers the questions clubs ask, and ``output``
prints the answers. Nothing here is imported by ``score``, ``check`` or ``play``.
"""
