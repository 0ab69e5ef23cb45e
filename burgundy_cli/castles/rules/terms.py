"""The game's own nouns in each edition's words: what the referee's messages call a thing.

The two English rulebooks name the same things differently (2011 rules 'Game components',
'The yellow tiles ("knowledge")', 'The player boards'; 2019 rules 'Game materials', 'The
monastery tiles', 'Game setup'): a refusal, a legal verdict's "why" or a line's effects in a
2019 record says "monastery tile 6", "2 silver coins", "town", "duchy", "hex tile" and "2
workers", as the passage quoted beside it does, and in a 2011 record "knowledge tile 6", "2
silverlings", "city", "estate" (2011 'The player boards': "The estate, with a total of 37
spaces"; "adds ... to his estate" throughout), "six-sided tile" ('Action "Take six-sided tile
from the game board"') and "2 worker tiles" ('Action "Take worker tiles"', "per worker tile
that he pays"); an "animal" tile ('Market': "one ship (blue) or animal (light green) tile") is
2019's "livestock" tile ('Market': "one ship (blue), or livestock (light green) tile"). The
base game's messages ask :data:`WORDS`
for such a noun when they are worded (a refusal when it is raised, a "why" only while
:func:`~burgundy_cli.castles.rules.recording`, an effect when it is said), never while a line
is checked or played. A 2019 module's messages are written in 2019's words: only a 2019 record
plays a module. The rules' own texts are :data:`~burgundy_cli.castles.rules.TEXTS`.

What else a player of a record reads asks the same table: ``show`` and its picture ("estate
No. 1", "worker tiles", "knowledge tiles", a "city"/"town" and a "knowledge"/"monastery"
space in the legend), the reader's errors ("expected an estate space", a cow tile's "2-4
animals"/"livestock"), ``moves``' labels ("die 2 as 3 (1 worker tile)"), the table session's
prompt ("worker tiles 1") and the tiebreak ("fewest empty estate spaces", 2011 'Game end':
:func:`empty_spaces`, which a result-only record asks through the setup's ``tiebreak_figure``);
a ``[setup]``, ``[position]`` or ``[end]`` table's refusals ("the 2011 edition has no estate
12", "the estate, sold goods and bonus tiles allow at most 47"); a player's money as a label
("silverlings: 2", 2019 "silver: 2"; a price "2 silverlings"); a knowledge tile's numbers in
the reader's refusal (2011: 1-26, the 2019 modules add 27-29).
"""

from __future__ import annotations

from burgundy_cli.castles.rules import EDITIONS

#: (the noun as the code names it, 2011's word, 2019's word), as each rulebook prints it
#: (2011's "Silverling" in lower case, as a message writes any noun).
_ROWS = (
    ("knowledge tile", "knowledge tile", "monastery tile"),
    ("knowledge tiles", "knowledge tiles", "monastery tiles"),
    ("silverling", "silverling", "silver coin"),
    ("silverlings", "silverlings", "silver coins"),
    # money as a count's label (a player's "silver: 2", a price "2 silver"): 2011 only ever says
    # "Silverlings"; 2019 says "silver" too ('THE SHIELDS': "you gain 1 silver for each goods tile")
    ("silver", "silverlings", "silver"),
    ("city", "city", "town"),
    ("cities", "cities", "towns"),
    ("duchy", "estate", "duchy"),
    ("duchies", "estates", "duchies"),
    ("hex tile", "six-sided tile", "hex tile"),
    ("hex tiles", "six-sided tiles", "hex tiles"),
    ("worker", "worker tile", "worker"),
    ("workers", "worker tiles", "workers"),
    # the turn order's board: 2011 'Ship (blue)' 2. "moves his playing piece on the turn order
    # track one space to the right"; 2019 'Ship (blue)' "move your playing piece on the bridge"
    ("bridge", "turn order track", "bridge"),
    # the turn order as ``show`` labels it, first to last (2011 'The five game rounds': "the
    # next player in turn order (moving from right to left on the turn order track ...)")
    ("bridge order", "turn order track", "bridge order"),
    ("animal", "animal", "livestock"),
    ("animals", "animals", "livestock"),
)

#: edition -> noun -> that edition's word for it: ``WORDS[state.edition]["city"]``.
WORDS: dict[str, dict[str, str]] = {edition: {row[0]: row[column] for row in _ROWS}
                                    for column, edition in enumerate(EDITIONS, start=1)}
#: a noun -> the row of its plural.
PLURAL = {"knowledge tile": "knowledge tiles", "silverling": "silverlings", "city": "cities", "duchy": "duchies",
          "hex tile": "hex tiles", "worker": "workers", "animal": "animals"}


def counted_in(edition: str, number: int, noun: str) -> str:
    """``number`` and ``noun`` in ``edition``'s words, the plural's row (:data:`PLURAL`) unless
    it is 1: ``2 silver coins``, ``1 silverling``, ``0 worker tiles``.

    >>> counted_in("2019", 2, "silverling"), counted_in("2011", 1, "silverling"), counted_in("2011", 0, "worker")
    ('2 silver coins', '1 silverling', '0 worker tiles')
    """
    return f"{number} {WORDS[edition][noun if number == 1 else PLURAL[noun]]}"


def empty_spaces(edition: str) -> str:
    """The tiebreak's figure in ``edition``'s words (both rulebooks, 'Game end': 2011 "the
    tied player with the fewest empty estate spaces"; 2019 "the fewest unused hex spaces in
    their duchy"): what a full record's score table, a result-only record and an ``[end]``
    table call the count a tie on VP is broken by.

    >>> empty_spaces("2011"), empty_spaces("2019")
    ('empty estate spaces', 'empty duchy spaces')
    """
    return f"empty {WORDS[edition]['duchy']} spaces"


def indefinite(word: str) -> str:
    """``word`` (an edition's word from :data:`WORDS`) with its indefinite article: "an estate",
    "a duchy", "an estate space".

    >>> indefinite(WORDS["2011"]["duchy"]), indefinite(WORDS["2019"]["duchy"] + " space")
    ('an estate', 'a duchy space')
    """
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
