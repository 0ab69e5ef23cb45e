"""Counts in words: a number with its noun in the number it takes (``1 line``, ``2 lines``)."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun plural (``plural``, else ``noun`` + s) unless it is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
