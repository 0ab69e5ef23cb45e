"""The game-agnostic core: errors, record files, the game protocol and the registry.

Nothing in here knows any one game's rules.
"""
