"""The Castles of Burgundy at the table: what is due next, what a line did, undo, new records.

Used by the table session (:mod:`burgundy_cli.core.table`) and ``burgundy new``. Nothing
here decides a rule: what is due comes from the engine's :func:`~burgundy_cli.castles.rules.engine.expected`,
and what a line did is read off the state before and after the engine played it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from burgundy_cli.castles.rules.boards import depot_spaces
from burgundy_cli.castles.rules.engine import check, check_reveal_start, expected, reveal_continuations
from burgundy_cli.castles.rules.tiles import knowledge_text, tile
from burgundy_cli.castles.record.session import CastlesSession
from burgundy_cli.castles.views.render import missing_text
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.castles.views.svg import due_data, table_line_first
from burgundy_cli.core.errors import IllegalMoveError, ParseError, RefereeError
from burgundy_cli.core.words import counted

#: Table-line forms offered by completion when the table owes a line (placeholders in <>).
_GOODS_FORM = "goods <5 goods types, e.g. 1 2 3 4 5>"


def due(session: CastlesSession) -> str:
    """What the record needs next, for the prompt: ``B2 · Anna to move · dice 3 5 · workers 2``
    (2011: ``worker tiles 2``, 'Action "Take worker tiles"': the record's edition's word)."""
    state = session.state
    ahead = expected(state)
    where = f"{ahead.phase}{ahead.round}"
    still = ""
    if "buy" in ahead.also_accepted and state.late_buyer >= 0:
        from burgundy_cli.castles.movegen import late_buyer_can_buy

        if late_buyer_can_buy(state):
            still = f" · {state.players[state.late_buyer].name} may still buy"
    if ahead.kind == "over":
        return f"game over{still}"
    if ahead.kind in ("phase", "roll"):  # (no one to move: a choice still open is said too)
        from burgundy_cli.castles.movegen import open_notes

        still += "".join(f" · {note}" for note in open_notes(state))
    if ahead.kind == "phase":
        return f"{where} · {missing_text(ahead.missing)} due, then the roll{still}"
    if ahead.kind == "roll":
        return f"{where} · roll due{still}"
    player = state.players[state.to_move()]
    dice = " ".join(map(str, player.dice)) or "none"
    first = "" if ahead.kind == "player" else table_line_first(due_data(state))
    workers = WORDS[state.edition]["workers"]
    return f"{where} · {first}{player.name} to move · dice {dice} · {workers} {player.workers}{still}"


def table_forms(session: CastlesSession) -> list[str]:
    """The table lines (chance) the record may take now, as forms to complete: only what is
    due now (a phase's reveals and goods while any is missing, the roll)."""
    state = session.state
    ahead = expected(state)
    names = [player.name for player in state.players]
    roll = "roll white <die> good <type>, " + ", ".join(f"{name} <die> <die>" for name in names)
    if ahead.kind == "phase":
        depots = [line.split()[1] for line in ahead.missing if line.startswith("reveal ")]
        reveal = [f"reveal <depot {'|'.join(depots)}> <{_reveal_counts(state, depots)}>"] if depots else []
        return reveal + ([_GOODS_FORM] if "goods" in ahead.missing else []) + [roll]
    if ahead.kind == "roll":
        return [roll]
    return []


def _reveal_counts(state: GameState, depots: list[str]) -> str:
    """How many tiles a reveal of each of ``depots`` (``1`` .. ``6``, ``black``) names, as its
    form says it: ``3 tiles``, ``6 tiles`` or ``3 tiles, black 6`` (2011 'Setup for each phase':
    a numbered depot takes as many as there are players, the black depot 2 to 8; the depot's
    spaces of the phase, :func:`~burgundy_cli.castles.rules.boards.depot_spaces`)."""
    spaces = depot_spaces(len(state.players), state.phase)
    numbered = {len(spaces[int(depot)]) for depot in depots if depot != "black"}
    said = [counted(count, "tile") for count in sorted(numbered)]
    if "black" in depots:
        black = len(spaces[0])
        said.append(f"black {black}" if said else counted(black, "tile"))
    return ", ".join(said)


def table_completions(session: CastlesSession, typed: str) -> list[tuple[str, str]]:
    """What Tab offers for a reveal being typed (``typed``, the input as it stands): the
    depots still to reveal after ``reveal ``, then the tiles that may lie next on the depot
    (:func:`~burgundy_cli.castles.rules.engine.reveal_continuations`: a free space of their
    colour, one left in the supply), each as (the input with it, what the menu shows: a
    knowledge tile with its effect, which is what the players read off the tile).

    The tiles are read as the reveal reader reads them (:func:`~burgundy_cli.castles.notation.reveal_starts`:
    ``yellow 16``, ``cow 3``, ``town hall``, full-width digits), and what Tab puts is the
    canonical line (``reveal 2 k16 ``)."""
    from burgundy_cli.castles.notation import normalised, reveal_starts

    typed = normalised(typed)[0]
    words = typed.split()
    if words and "fix".startswith(words[0].casefold()):
        return _fix_completions(session, typed)
    if words and words[0].casefold() == "roll":
        return _roll_completions(session, typed)
    if not words or words[0].casefold() != "reveal":
        return []
    state = session.state
    ahead = expected(state)
    if ahead.kind != "phase":
        return []
    depots = [line.split()[1] for line in ahead.missing if line.startswith("reveal ")]
    done, partial = (words[1:], "") if typed.endswith(" ") else (words[1:-1], words[-1].casefold())
    if not done:  # the depot itself
        return [(f"reveal {depot} ", f"depot {depot}") for depot in depots if depot.startswith(partial)]
    depot = done[0].casefold().rstrip(":,")  # ('reveal black: mine, castle')
    if depot not in depots:
        return []
    number = 0 if depot == "black" else int(depot)
    spaces = len(depot_spaces(len(state.players), state.phase)[number])
    offered: dict[str, str] = {}
    for tiles, start in reveal_starts(done[1:], partial):
        if len(tiles) >= spaces:
            continue
        head = " ".join(["reveal", depot, *tiles])
        more = " " if len(tiles) + 1 < spaces else ""
        for name in sorted(reveal_continuations(state, number, tiles), key=_natural):
            if name.startswith(start):
                offered.setdefault(f"{head} {name}{more}", _tile_shown(name, state.edition))
    return list(offered.items())


#: The table's correction (docs/notation.md, ``fix``), as Tab shows it while it is typed.
_FIX_FORM = 'fix <player> <silver|workers|vp|goods1-6> <+n|-n> ["note"]'
_FIX_WHAT = ("silver", "workers", "vp", *(f"goods{n}" for n in range(1, 7)))


def _fix_completions(session: CastlesSession, typed: str) -> list[tuple[str, str]]:
    """Tab for a correction, which the table may write at any time: ``fix `` (shown as its
    form), then the players, then what it corrects; the amount and note are the table's.
    A name is matched as the reader matches it (:func:`~burgundy_cli.core.words.player_key`:
    ``ａｎｎａ`` and ``ANNA`` are Anna, a name listed in full-width letters is its plain
    spelling), and put as the record lists it."""
    from burgundy_cli.core.words import player_key

    head, space, rest = typed.lstrip().partition(" ")
    if not space:
        return [("fix ", _FIX_FORM)]
    if head.casefold() != "fix":
        return []
    rest = player_key(rest) + (" " if rest.endswith(" ") and rest.strip() else "")
    names = [player.name for player in session.state.players]
    for name in names:  # (a name may hold spaces)
        if rest.startswith(f"{player_key(name)} "):
            partial = rest[len(player_key(name)) + 1:]
            return [] if " " in partial else [(f"fix {name} {what} ", f"fix {name} {what} <+n|-n>")
                                              for what in _FIX_WHAT if what.startswith(partial)]
    return [(f"fix {name} ", f"fix {name} <silver|workers|vp|goods1-6> <+n|-n>") for name in names
            if player_key(name).startswith(rest)]


def _roll_form(session: CastlesSession) -> list[str | None]:
    """The roll line's words in order, None where a number goes: ``roll white <die> good
    <type>, Anna <die> <die>, ...`` (a comma before each player's name)."""
    form: list[str | None] = ["roll", "white", None, "good", None]
    for player in session.state.players:
        form += [f", {player.name}", None, None]
    return form


def _roll_walk(session: CastlesSession, tokens: list[str]) -> tuple[list[str | None], int] | None:
    """How far the whole words ``tokens`` of a roll being typed reach into its form: the
    form with the players in the order typed (the reader takes them in any order; those not
    typed yet follow in seat order), without its good when a player's name comes where the
    good goes, and the index of what comes next; None when the words leave the form. The
    numbers are not read: they are the table's (the reader checks them)."""
    from burgundy_cli.castles.notation import ROLL_WORDS, table_verb

    form = _roll_form(session)
    at = 0
    for token in tokens:
        if at >= len(form):
            return None
        word = form[at]
        if word == "good" and token.casefold() not in ROLL_WORDS["good"]:
            # the good left out, a player next: the phase's goods line names it (else _roll_note says it is due)
            form = _without_good(form)
            word = form[at]
        if word is None:  # a number: a player's two dice may be one word
            two = at + 1 < len(form) and form[at + 1] is None and len(token) > 1 and token[0].isdigit()
            at += 2 if two else 1
        elif token.casefold() in ROLL_WORDS.get(word, (word.lstrip(", ").casefold(),)) \
                or (at == 0 and table_verb(token) == "roll"):  # ('dice 3 ...')
            at += 1
        elif word.startswith(", ") and (named := _player_at(form, at, token.casefold())) is not None:
            form = _moved_first(form, at, named)
            at += 1
        else:
            return None
    return form, at


def _without_good(form: list[str | None]) -> list[str | None]:
    """A roll's form with its good (``good <type>``, after the white die) left out."""
    at = form.index("good")
    return form[:at] + form[at + 2:]


def _player_at(form: list[str | None], at: int, start: str, whole: bool = True) -> int | None:
    """Where in ``form``, from ``at`` on, the first player whose name is ``start`` (or, with
    ``whole`` False, begins with it) stands; None if no player not yet typed is."""
    return next(iter(_players_at(form, at, start, whole)), None)


def _players_at(form: list[str | None], at: int, start: str, whole: bool = True) -> list[int]:
    """Where in ``form``, from ``at`` on, each player whose name is ``start`` (or, with
    ``whole`` False, begins with it) stands, in the form's order."""
    found = []
    for index in range(at, len(form), 3):
        name = (form[index] or "").lstrip(", ").casefold()
        if name == start or (not whole and name.startswith(start)):
            found.append(index)
    return found


def _moved_first(form: list[str | None], at: int, index: int) -> list[str | None]:
    """``form`` with the player whose name stands at ``index`` moved to ``at`` (typed first)."""
    return form[:at] + form[index:index + 3] + [word for spot, word in enumerate(form[at:], at)
                                                if not index <= spot < index + 3]


def _form_text(words: list[str | None]) -> str:
    """The rest of a roll's form as Tab shows it: ``good <type>, Bob <die> <die>``."""
    text = " ".join(word or "<n>" for word in words).replace(" ,", ",").lstrip(", ")
    return text.replace("good <n>", "good <type>").replace("<n>", "<die>")


def _roll_typed(session: CastlesSession, typed: str) -> tuple[list[str | None], int, str] | None:
    """A roll being typed, read against its form: (the form as typed, where the next word
    goes, the word being typed there, ``""`` if none); None when what is typed leaves the form.
    A number typed to its end counts as whole (``good 5`` Tab: what follows it), and a
    player's name being typed is any player's not yet typed (``, B``: Bob)."""
    import re

    from burgundy_cli.castles.notation import ROLL_WORDS

    tokens = re.findall(r"[^\s,]+", typed)
    done, partial = (tokens, "") if typed[-1:] in (" ", ",") else (tokens[:-1], tokens[-1].casefold())
    if partial[:1].isdigit():
        done, partial = tokens, ""
    walked = _roll_walk(session, done)
    if walked is None:
        return None
    form, at = walked
    if partial:
        if at >= len(form) or form[at] is None:
            return None
        if form[at] == "good" and not any(word.startswith(partial) for word in ROLL_WORDS["good"]):
            form = _without_good(form)  # ('roll white 2, B': a player's name begun, the good left out)
        if form[at].startswith(", "):  # (a player typed out of seat order comes first)
            named = _player_at(form, at, partial, whole=False)
            if named is None:
                return None
            form = _moved_first(form, at, named)
        elif not form[at].casefold().startswith(partial):
            return None
    return form, at, partial


def _roll_completions(session: CastlesSession, typed: str) -> list[tuple[str, str]]:
    """Tab in a roll line being typed, while the roll is due: the next word of the form
    (``good``, then the players' names, seat order first), the numbers left to the table.
    Each player's two dice may be one word (``26``), commas are optional, and the players may
    come in any order, as the reader takes them."""
    if expected(session.state).kind not in ("phase", "roll"):
        return []
    read = _roll_typed(session, typed)
    if read is None:
        return []
    form, at, partial = read
    if at < 2 or at >= len(form) or form[at] is None:
        return []  # ('roll white ' is the form's own offer; a number is the table's to say)
    head = typed[:len(typed) - len(partial)].rstrip(" ") if partial else typed.rstrip(" ")
    offered = []
    names = [at] if not (partial and form[at].startswith(", ")) else _players_at(form, at, partial, whole=False)
    for index in names:  # (the next player in seat order; a name begun: each not yet typed it begins)
        order = _moved_first(form, at, index)
        word = order[at]
        if word.startswith(", ") and head.endswith(","):
            word = word[1:]
        put = f"{head}{word if word.startswith(',') else ' ' + word.lstrip()} "
        offered.append((put, _form_text(order[at:])))
    return offered


def typing_note(session: CastlesSession, typed: str, refusal: RefereeError,
                begun: Callable[[str], list[str]]) -> str | None:
    """What a line typed so far still needs, when its refusal (``refusal``) says only that it
    is unfinished: the live check under the prompt shows this instead of a refusal worded for
    a finished line (``reveal 3`` is no reveal "of 0 tiles"). A reveal: its depot, then the
    tiles still to name (those named so far fit, by the reveal's own check of a reveal's
    first tiles); the phase's goods: the types still to name; the roll: the rest of its form
    (and its good, when the roll must name it); a player's line: what Tab offers for it
    (``begun``: the legal lines the typed text begins, as Tab finds them), and what the
    reader wants next where the text stops short. None for any other line, and for one whose
    words so far are already wrong (a die of 9, a tile no legal line takes): its refusal stands.

    :raises IllegalMoveError: the tiles of a reveal stopping short cannot start it (``reveal 3
        mine`` where depot 3 has no mine space): that refusal, of what is typed so far, rather
        than one of the tile count.
    """
    from burgundy_cli.castles.notation import normalised, table_verb

    typed = normalised(typed)[0]
    words = typed.split()
    verb = table_verb(words[0]) if words else None
    ahead = expected(session.state)
    if verb == "reveal" and ahead.kind == "phase":
        return _reveal_note(session, typed, [line.split()[1] for line in ahead.missing if line.startswith("reveal ")])
    if verb == "goods" and ahead.kind == "phase" and "goods" in ahead.missing:
        return _goods_note(typed)
    if verb == "roll" and ahead.kind in ("phase", "roll") and _short(typed, refusal):
        read = _roll_typed(session, typed + " ") or _roll_typed(session, typed)  # ('roll white': both typed)
        return None if read is None or read[1] >= len(read[0]) else _roll_note(session, *read[:2])
    if verb is None:
        return _player_note(typed, refusal, begun(typed))
    return None


def _player_note(typed: str, refusal: RefereeError, offered: list[str]) -> str | None:
    """:func:`typing_note` of a player's line: what Tab offers for it (``offered``: legal
    lines, and ``<line> then `` standing for a placement's many continuations), after what
    the reader wants next when the text stops short (``take 3``: "a tile name"); None when
    Tab offers nothing: no legal line begins so, and the refusal stands."""
    import re

    if not offered:
        return None
    lines = [line for line in offered if not line.endswith(" ")]
    going = len(offered) - len(lines)
    after = " or ".join(sorted({repr(line.split()[-1]) for line in offered if line.endswith(" ")}))  # (a sale's 'bonus')
    if lines:
        tab = f"Tab: {counted(len(lines), 'legal line')} {'begins' if len(lines) == 1 else 'begin'} so"
        if going:
            tab += f", and {going} more going on after {after}"
        elif len(lines) == 1:
            tab += f": {lines[0]}"
    else:
        tab = f"Tab: {counted(going, 'line')} going on after {after} {'begins' if going == 1 else 'begin'} so"
    wanted = re.fullmatch(r"expected (.+), but the line ends", refusal.message) \
        if _short(typed, refusal) else None
    return f"still to type {wanted.group(1)}; {tab}" if wanted else tab


def _short(typed: str, refusal: RefereeError) -> bool:
    """``refusal`` says only that ``typed`` stops short: the reader wanted more at its end,
    or not every player's dice are given."""
    if isinstance(refusal, IllegalMoveError):
        return refusal.rule.id == "cob.roll.players"
    column = refusal.location.column if refusal.location is not None else None
    return isinstance(refusal, ParseError) and column is not None and column > len(typed.rstrip())


def _roll_note(session: CastlesSession, form: list[str | None], at: int) -> str:
    """:func:`typing_note` of a roll stopping short at ``at`` of its ``form`` as typed: the
    rest to type, and the good when the form leaves it out and the roll must name it (no
    phase's goods line gives the round's goods tile: the engine's check of a roll without
    its good says so)."""
    note = f"roll: still to type {_roll_rest(form, at)}"
    if "good" in form:
        return note
    from burgundy_cli.castles.rules.commands import RollEvent

    players = session.state.players
    try:
        check(session.state, RollEvent(white=1, dice={player.name: (1, 1) for player in players}))
    except IllegalMoveError as err:
        if err.rule.id == "cob.roll.good":
            return f"{note}, and good <type> after the white die ({err.rule.id}: {err.message}" \
                   + (f"; {err.hint})" if err.hint else ")")
    return note


def _roll_rest(form: list[str | None], at: int) -> str:
    """What a roll still needs from ``at`` on: the number due there named (``the white die``,
    ``Anna's second die``), then the rest of the form as Tab shows it."""
    first = ""
    if form[at] is None:
        before = form[at - 1]
        if before in ("white", "good"):
            first, at = ("the white die" if before == "white" else "the good's type"), at + 1
        elif before is None:
            first, at = f"{form[at - 2].lstrip(', ')}'s second die", at + 1
        else:
            first, at = f"{before.lstrip(', ')}'s two dice", at + 2
    rest = _form_text(form[at:]) if at < len(form) else ""
    return ", then ".join(part for part in (first, rest) if part)


def _reveal_note(session: CastlesSession, typed: str, depots: list[str]) -> str | None:
    """:func:`typing_note` of a reveal (``depots``: those still to reveal this phase)."""
    from burgundy_cli.castles.notation import parse_line
    from burgundy_cli.castles.rules.commands import RevealEvent

    words = typed.split()
    begun = False
    try:
        command = parse_line(typed)
    except ParseError:
        if len(words) == 1 or (len(words) == 2 and not typed.endswith(" ")
                               and any(depot.startswith(words[1].casefold()) for depot in depots)):
            return f"reveal: name the depot ({' '.join(depots)} still to reveal), then its tiles"
        offered = table_completions(session, typed)  # a tile's name being typed: Tab's first offer ends it
        if not offered:
            return None
        command, begun = parse_line(offered[0][0]), True
    if not isinstance(command, RevealEvent):
        return None
    state = session.state
    label = "black" if command.depot == 0 else str(command.depot)
    spaces = len(depot_spaces(len(state.players), state.phase)[command.depot])
    tiles = command.tiles
    named = len(tiles) - begun
    if label not in depots or named >= spaces or named < 0:
        return None
    if not begun:  # (what Tab offered fits already)
        try:
            check_reveal_start(state, command.depot, tiles)
        except IllegalMoveError as err:
            from burgundy_cli.castles.rules.citations import cite_edition

            raise cite_edition(err, state.edition) from None
    where = "the black depot" if command.depot == 0 else f"depot {label}"
    left = counted(spaces - named, "more tile" if named else "tile")
    return (f"reveal {label}: {left} to name{', one begun' if begun else ''} ({where} takes {spaces} with "
            f"{counted(len(state.players), 'player')}; Tab lists those that fit)")


#: The goods tiles a phase's stack holds (``PhaseGoodsEvent``: one a round).
_PHASE_GOODS = 5


def _goods_note(typed: str) -> str | None:
    """:func:`typing_note` of the phase's goods: how many types are still to name (``goods
    35116`` may be one word: its digits count), when every type named so far is one (1-6)."""
    import re

    named = re.findall(r"[^\s,]+", typed)[1:]
    if len(named) == 1 and typed[-1:] not in (" ", ","):
        named = list(named[0])  # (a word of digits being typed: 'goods 351' of 'goods 35116')
    if len(named) >= _PHASE_GOODS or not all(word in "123456" and len(word) == 1 for word in named):
        return None
    left = counted(_PHASE_GOODS - len(named), "more goods type" if named else "goods type")
    return f"goods: {left} to name (the phase's {_PHASE_GOODS} goods tiles, in the order they come out)"


def _natural(name: str) -> tuple[str, int]:
    """``k2`` before ``k10``: a tile name's letters, then its number."""
    letters = name.rstrip("0123456789")
    return letters, int(name[len(letters):] or 0)


def _tile_shown(name: str, edition: str) -> str:
    """A tile as the completion menu shows it: a knowledge tile with its effect in ``edition``."""
    kind = tile(name)
    return f"{name} · {knowledge_text(kind.number, edition)}" if kind.number is not None else name


def snapshot(session: CastlesSession) -> GameState:
    """What :func:`effects` compares against: a copy of the state before a line."""
    return session.state.copy()


def effects(before: GameState, session: CastlesSession, line: str) -> list[str]:
    """What the last line (``line``, canonical) did, a short phrase each, read off the state
    before and after it: each player's changes as a legal verdict words them
    (:func:`castles.views.effects.line_effects`), then what reached the table (depots, goods,
    the white die)."""
    from burgundy_cli.castles.views.effects import beyond, line_effects

    after = session.state
    command = session.read(line)
    parts = line_effects(before, after, command, session.noted)
    table_line = getattr(command, "player", None) is None  # (a player's take is said as theirs)
    # the first line of a phase's setup cleared the depots (engine: a phase that ended keeps its
    # tiles for a late purchase until then): what lies on a depot now came with this line
    cleared = before.stage == "phase" and after.stage != "phase"
    if cleared:
        parts.extend(_cleared(before, after))
    for depot, (old, new) in enumerate(zip(before.depots, after.depots)):
        old = [] if cleared else old
        added = beyond(new, old)
        if added and after.stage != "over":
            parts.append(f"depot {depot or 'black'} +{' '.join(added)}")
        gone = beyond(old, new) if table_line else []
        if gone:  # (the 2019 solo game's removal)
            parts.append(f"depot {depot or 'black'} -{' '.join(gone)}, out of the game")
    for depot, (old, new) in enumerate(zip(before.depot_goods, after.depot_goods)):
        added = beyond(new, old)
        if added and after.stage != "over":
            parts.append(f"depot {depot} +goods {' '.join(map(str, added))}")
    if before.round_goods != after.round_goods and after.round_goods and before.round_goods is None:
        parts.append(f"round goods {' '.join(map(str, after.round_goods))}")
    if before.white != after.white and after.white is not None:
        parts.append(f"white die {after.white}")
    return parts


def _cleared(before: GameState, after: GameState) -> list[str]:
    """The tiles left on the depots when a phase ended, which leave the game as the next one
    is set up (2011 'Setup for each phase': "Remove all six-sided tiles remaining on the board
    and return them to the box"; 2019 'Playing the game': "remove all hex tiles from the
    game"); empty when none were left."""
    left = [f"depot {depot or 'black'} {' '.join(tiles)}"
            for depot, tiles in enumerate(before.depots) if tiles]
    if not left:
        return []
    return [f"phase {'ABCDE'[after.phase]} begins: the {WORDS[after.edition]['hex tiles']} left on the depots "
            f"leave the game ({'; '.join(left)})"]


def drop_last(data: dict[str, Any]) -> str | None:
    """Remove the last line of the ``[log]`` from record ``data``; the line, or None if empty."""
    log = data.get("log") or {}
    for group in reversed(list(log)):
        if log[group]:
            line = log[group].pop()
            if not log[group]:
                del log[group]
            return line
        del log[group]
    return None


def lines(session: CastlesSession) -> list[str]:
    """The record's log lines in order, as the record writes them."""
    return [line for group in session.record_data().get("log", {}).values() for line in group]
