"""Component data of The Castles of Burgundy (JSON, read once through burgundy_cli.core.data)."""
