"""Component data of The Castles of Burgundy (JSON, read once through importlib.resources)."""
