"""Tab at ``burgundy new``'s questions completes the word being typed, wherever it stands in the
answer (docs/table-session.md: "Tab offers the question's choices"): the tile after ``c3:``
in a duchy, the second module after a comma, a player's name after ``=``. Before, only an
answer's first word was completed: the pattern that finds the word was written for the text
as typed, while prompt_toolkit searches the text before the cursor reversed.
"""

from __future__ import annotations

import pytest
from prompt_toolkit.document import Document

from burgundy_cli.core.newrecord import choice_completer


@pytest.mark.parametrize(("typed", "choices", "offered", "completed"), [
    ("ba", ["bank", "k22"], ["bank"], "bank"),
    ("c3:ba", ["bank", "k22"], ["bank"], "c3:bank"),
    ("c3:bank c4:k2", ["bank", "k22"], ["k22"], "c3:bank c4:k22"),
    ("c3:", ["bank", "k22"], ["bank", "k22"], "c3:bank"),
    ("inns,tr", ["inns", "trade-routes", "shields"], ["trade-routes"], "inns,trade-routes"),
    ("Anna=grey-large,Be", ["Anna", "Ben"], ["Ben"], "Anna=grey-large,Ben"),
    ("5 silver-2;2 chu", ["church", "silver-2"], ["church"], "5 silver-2;2 church"),
    ("e4 red:castle-plain knights red,bl", ["red", "blue"], ["blue"], "e4 red:castle-plain knights red,blue"),
], ids=["first-word", "after-colon", "later-word", "nothing-typed-yet", "after-comma", "name-after-comma",
        "after-semicolon", "map"])
def test_tab_completes_the_word_being_typed_anywhere_in_the_answer(typed, choices, offered, completed) -> None:
    completions = list(choice_completer(choices).get_completions(Document(typed), None))
    assert [completion.text for completion in completions] == offered
    first = completions[0]
    assert typed[:len(typed) + first.start_position] + first.text == completed
