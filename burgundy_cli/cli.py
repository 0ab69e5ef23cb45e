"""The ``burgundy`` command line: the typer app, and :func:`main`, the ``burgundy`` script.

typer is the one parser of the command line: options, help (``-h``), ``-V``, the commands'
groups in help and shell completion all come from the declarations here. Each command only
declares its arguments and help, and hands them to its body in
:mod:`burgundy_cli.subcommands` through :func:`_guard`; the body returns what to say and
:mod:`burgundy_cli.console` (the one module that writes to the terminal) says it. Adding a
command: write its body there (plain arguments in, an ``Outcome`` out), then a function
here of the same shape as the others, in its help group. An option that takes a value names
it in capitals by what it holds (``metavar="WHEN"``: ``--at WHEN``), as the arguments are
named (FILE, MOVE); without one, typer's help would show its Python type (``--at <str>``).

Exit codes (docs/errors.md): 0 success (or: the move is legal), 1 the input was rejected
(illegal move, invalid record), 2 usage error, 3 internal error (a bug: please report it),
4 stdout could not take the output, 130 interrupted. No Python traceback ever reaches the user.

The annotations here are objects made as each command is defined, not strings (no
``from __future__ import annotations``): typer reads every command's parameters each run to
build the command line, and would otherwise compile and evaluate every annotation from its
text, about 20 ms of each run (docs/performance.md, "Cold start").
"""

import signal


def _end_on_interrupt() -> object:
    """From now on Ctrl-C ends the process at once, as SIGINT's default action does (a shell
    reports exit 130), with no traceback: for the moments when there is nothing to clean up
    (loading and parsing the command line, exiting; a command's body is interrupted by
    :func:`burgundy_cli.console.run`). The handler it replaced; ``None`` off the main thread,
    where no handler can be set."""
    try:
        return signal.signal(signal.SIGINT, signal.SIG_DFL)
    except ValueError:
        return None


# Ctrl-C while the command line loads (typer, Rich, pydantic: the first tenths of a second):
# see above. Python's handler is back once the app is declared (the end of this module), and
# main() decides from then on.
_LOADING = _end_on_interrupt()

import sys  # noqa: E402 (the imports after the handler above)
from collections.abc import Callable  # noqa: E402
from functools import partial  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Annotated  # noqa: E402

import typer  # noqa: E402
from typer.core import TyperCommand, TyperGroup  # noqa: E402

from burgundy_cli import console, subcommands  # noqa: E402


class _Group(TyperGroup):
    """The app and its groups of commands: the commands listed in their help groups, each
    under its title (``rich_help_panel``: Record, Referee, Club, Export), in plain text.

    The help is click's plain help (``rich_markup_mode=None``), not typer's Rich panels:
    Rich's help loads ``rich.markdown`` and its parser, which made ``burgundy --help`` cost
    about twice the floor of a typer CLI (docs/performance.md); click's formatter writes the
    same groups without them, and shows a flag as it is typed (``--json``, no value type)."""

    def format_commands(self, ctx: typer.Context, formatter) -> None:
        """Each help group's commands with their one-line help, the groups in the order of
        their first command (a command without a group goes under "Commands")."""
        shown = [(name, found) for name in self.list_commands(ctx)
                 if (found := self.get_command(ctx, name)) is not None and not found.hidden]
        groups: dict[str, list[tuple[str, str]]] = {}
        for name, found in shown:
            title = getattr(found, "rich_help_panel", None) or "Commands"
            # the whole first sentence (200: no shortening), wrapped by write_dl
            groups.setdefault(title, []).append((name, found.get_short_help_str(200)))
        for title, rows in groups.items():
            with formatter.section(title):
                formatter.write_dl(rows)

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        """``burgundy`` (or ``burgundy archive``) alone is ``-h``: its help on stdout, exit 0.
        (click raises a usage error whose message is the whole help instead, which the one-line
        report of :func:`main` would print as one line of ``\n``s.)"""
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            typer.echo(ctx.get_help(), color=ctx.color)
            ctx.exit()
        return super().parse_args(ctx, args)

    def invoke(self, ctx: typer.Context):
        """Run the command named on the command line. A usage error that click's parser
        raises without the command's context (an option missing its value: "Option '--seed'
        requires an argument") is given the path of the command being read here, the one
        place that knows it, so that its hint names that command's help; the innermost
        group names it first."""
        try:
            return super().invoke(ctx)
        except typer.TyperException as err:
            if getattr(err, "ctx", None) is None and ctx.invoked_subcommand and not hasattr(err, "command_path"):
                err.command_path = f"{ctx.command_path} {ctx.invoked_subcommand}"  # type: ignore[attr-defined]
            raise


def _argument_name(argument) -> str:
    """An argument as the help names it: its ``metavar`` (FILE, MOVE; its name in capitals
    without one), ``...`` after it when it takes several."""
    name = argument.metavar or argument.name.upper()
    return name + ("..." if argument.nargs != 1 else "")


class _Command(TyperCommand):
    """A command whose help names each argument as its own help texts do: the usage line
    ``burgundy check [OPTIONS] FILE MOVE...`` (an optional one in brackets, ``[FOLDER]``, ``[MOVES]...``) and
    the Arguments section ``FILE  record file``, as click has always written them.

    typer 0.29 writes them ``{FILE} {MOVE}...`` and ``FILE <path>``, its Python type after
    the ``metavar``, which only an option's ``metavar`` replaces. Both are click's public
    help hooks (``collect_usage_pieces``, ``format_options``); each row's help, with its
    ``[required]`` or default, is still the argument's own ``get_help_record``."""

    def collect_usage_pieces(self, ctx: typer.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name != "argument":
                pieces.extend(param.get_usage_pieces(ctx))
            elif not param.hidden:
                name = param.metavar or param.name.upper()
                pieces.append((name if param.required else f"[{name}]") + ("..." if param.nargs != 1 else ""))
        return pieces

    def format_options(self, ctx: typer.Context, formatter) -> None:
        sections: dict[str, list[tuple[str, str]]] = {"Arguments": [], "Options": []}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                sections["Arguments"].append((_argument_name(param), record[1]))
            else:
                sections["Options"].append(record)
        for title, rows in sections.items():
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


#: The help groups of the commands (typer's ``rich_help_panel``).
RECORD, REFEREE, CLUB, EXPORT = "Record", "Referee", "Club", "Export"

#: Settings of every group of commands: ``-h`` as well as ``--help``.
_SETTINGS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    cls=_Group,
    add_completion=True,        # --install-completion / --show-completion for bash, zsh and fish
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=_SETTINGS,
    help="Referee and score The Castles of Burgundy and Robber Knights games played at a real table.",
)
#: ``@command()``: a command of the app in help group ``rich_help_panel``, its help as
#: :class:`_Command` writes it.
command = partial(app.command, cls=_Command)


def _path(text: str) -> Path:
    """A FILE or FOLDER as typed (every path parameter's ``parser``): an empty one is refused
    as a usage error, exit 2, where ``Path("")`` would quietly be ``.``, the current folder
    (``burgundy score ""`` scoring the whole folder, ``burgundy show ""`` ". is a folder")."""
    if not text:
        raise typer.BadParameter("an empty file name")
    return Path(text)


def _guard(body: Callable[[], console.Outcome]) -> None:
    """Run a command body through :func:`console.run` and end with its exit code."""
    code = console.run(body, passthrough=(typer.Exit, typer.Abort))
    if code:
        raise typer.Exit(code)


def _print_version(value: bool) -> None:
    if value:
        _guard(subcommands.version)
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", "-V", callback=_print_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Referee and score The Castles of Burgundy and Robber Knights games played at a real table."""


# --- Shell completion of values (typer's ``autocompletion``; typer keeps the offers that
# start with the word typed) ---------------------------------------------------------------


def _complete_move(ctx: typer.Context, incomplete: str) -> list[str]:
    """A move of ``check`` or ``play``: the legal lines of the player to move, after the
    lines already typed on a ``play`` command line (:func:`~burgundy_cli.core.verdicts.legal_completions`)."""
    from burgundy_cli.core.verdicts import legal_completions

    file = ctx.params.get("file")
    if file is None:
        return []
    typed = [line for line in ctx.params.get("moves") or () if line != incomplete]
    return legal_completions(str(file), typed, incomplete)


def _complete_game() -> list[str]:
    """A game's name."""
    from burgundy_cli.core.registry import GAMES

    return list(GAMES)


def _complete_edition(ctx: typer.Context) -> list[str]:
    """A rulebook edition: of the game given on the command line, else of every game."""
    from burgundy_cli.core.registry import GAMES, find_game

    game = ctx.params.get("game")
    names = [game] if isinstance(game, str) and game.strip().lower() in GAMES else list(GAMES)
    return list(dict.fromkeys(edition for name in names for edition in find_game(name).editions))


def _one_more(incomplete: str, names: list[str]) -> list[str]:
    """A comma-separated list completed by one more of ``names`` (those not in it yet)."""
    done, comma, _ = incomplete.rpartition(",")
    chosen = set(done.split(",")) if comma else set()
    return [done + comma + name for name in names if name not in chosen]


def _complete_order(ctx: typer.Context, incomplete: str) -> list[str]:
    """``new --bridge``: the turn order of the players given by ``--players``, every one once.
    A Tab offers whole orders that go on from what is typed (the names before the last comma
    kept as typed, the one being typed matched in any case), so the shell completes the
    common start of them and a unique one is a complete answer: with two players the first
    name gives the order; never a name at a time, each needing a comma typed after the space
    the shell adds."""
    from itertools import permutations

    from burgundy_cli.core.words import player_key as key   # (as the notation matches names)

    players = [name.strip() for name in (ctx.params.get("players") or "").split(",") if name.strip()]
    done, comma, typing = incomplete.rpartition(",")
    typed = [key(name) for name in done.split(",")] if comma else []
    rest = [name for name in players if key(name) not in typed]
    if not rest or len(players) > 4 or len(rest) != len(players) - len(set(typed)) or len(set(typed)) < len(typed):
        return []   # (no players given, every one typed, a name not a player's or typed twice)
    return [incomplete + ",".join(order)[len(typing):] for order in permutations(rest)
            if key(order[0]).startswith(key(typing))]


def _complete_modules(incomplete: str) -> list[str]:
    """The Castles 2019 modules, comma-separated."""
    from burgundy_cli.castles.modules import MODULES

    return _one_more(incomplete, list(MODULES))


def _complete_modules_or_none(incomplete: str) -> list[str]:
    """``stats --modules``: the modules, or ``none`` (games without any)."""
    return ["none", *_complete_modules(incomplete)] if "," not in incomplete else _complete_modules(incomplete)


def _complete_splits(incomplete: str) -> list[str]:
    """``stats --by``: what to split by, comma-separated."""
    from burgundy_cli.archive.stats import SPLITS

    return _one_more(incomplete, list(SPLITS))




# --- Record: a game's record, line by line ---------------------------------------------------


@command(rich_help_panel=RECORD)
def new(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record file to create", parser=_path)],
    game: Annotated[str | None, typer.Option(
        "--game", "-g", metavar="GAME", help="castles-of-burgundy or robber-knights",
        autocompletion=_complete_game)] = None,
    edition: Annotated[str | None, typer.Option(
        "--edition", "-e", metavar="EDITION", help="rulebook edition (Castles: 2011, 2019)",
        autocompletion=_complete_edition)] = None,
    players: Annotated[str | None, typer.Option(
        "--players", "-p", metavar="NAMES", help="names in seat order: anna,bob")] = None,
    modules: Annotated[str | None, typer.Option(metavar="MODULES", help="Castles 2019 modules, comma-separated",
                                                autocompletion=_complete_modules)] = None,
    teams: Annotated[str | None, typer.Option(
        metavar="TEAMS",
        help="Castles team game (also --end): A=anna cara,B=ben dario "
             "(boards, goods and at the end the team's property by team)")] = None,
    boards: Annotated[str | None, typer.Option(
        metavar="BOARDS", help="Castles estate/duchy: 1, or per player anna=3,bob=5 (experienced)")] = None,
    start: Annotated[str | None, typer.Option(
        metavar="SPACES", help="Castles start castle spaces: anna=c2 (default: the centre)")] = None,
    goods: Annotated[str | None, typer.Option(
        metavar="GOODS", help="Castles starting goods: anna=1 2 3,bob=4 5 6")] = None,
    start_player: Annotated[str | None, typer.Option(
        "--start-player", metavar="NAME", help="Castles: who starts")] = None,
    shields: Annotated[str | None, typer.Option(
        metavar="SHIELDS", help="Castles shields module: shields on each depot, 1=4,2=7 12,...")] = None,
    routes: Annotated[str | None, typer.Option(
        metavar="ROUTES", help='Castles trade routes (also --end): anna=5 silver-2;2 church;...,'
                               'bob=...')] = None,
    layout: Annotated[list[str] | None, typer.Option(
        metavar="ROW", help='Robber Knights layout row: "anna:castle-plain bob:lake"')] = None,
    hands: Annotated[str | None, typer.Option(
        metavar="HANDS", help="Robber Knights hands: anna=castle-plain plain,bob=...")] = None,
    colours: Annotated[str | None, typer.Option(
        metavar="COLOURS", help="Robber Knights: the colour each plays, anna=yellow,bob=red "
                                "(default: seat order red, blue, yellow, green)")] = None,
    date: Annotated[str | None, typer.Option(
        metavar="YYYY-MM-DD", help="the day played, YYYY-MM-DD (default: today)")] = None,
    place: Annotated[str | None, typer.Option(metavar="PLACE", help="where it is played")] = None,
    event: Annotated[str | None, typer.Option(metavar="EVENT", help="league night, tournament round...")] = None,
    result: Annotated[bool, typer.Option("--result", help="a result-only record: the final scores, no moves")] = False,
    scores: Annotated[str | None, typer.Option(
        metavar="SCORES", help="--result: final scores, anna=182,bob=170")] = None,
    tiebreak: Annotated[str | None, typer.Option(
        metavar="FIGURES",
        help="--result: tied players' tiebreak figures (Castles: empty estate/duchy spaces; Robber Knights: knights left)")] = None,
    won: Annotated[str | None, typer.Option(
        metavar="YES|NO", help="--result, solo game: yes (every duchy space filled within the 25 rounds) or no")] = None,
    end: Annotated[bool, typer.Option("--end", help="an end-of-game record: the box as it lies at the end, scored")] = False,
    duchy: Annotated[str | None, typer.Option(
        metavar="DUCHIES", help="--end: each estate/duchy's tiles, anna=c3:bank c4:k22,bob=...")] = None,
    castle_shields: Annotated[str | None, typer.Option(
        "--castle-shields", metavar="SHIELDS",
        help="--end, shields module: the shields on castles, anna=d4:13 b3:10")] = None,
    shields_removed: Annotated[str | None, typer.Option(
        "--shields-removed", metavar="SHIELDS",
        help="--end, shields module: the shields removed from the game, '4 12'")] = None,
    borrowed: Annotated[str | None, typer.Option(
        metavar="CHOICES",
        help="--end, shields module: whose monastery tiles count as shield 6's holder's own, anna=ben "
             "(needed when a castle holds shield 6)")] = None,
    bonuses: Annotated[str | None, typer.Option(
        metavar="TILES", help="--end: bonus tiles, anna=grey-large blue-small,bob=...")] = None,
    sold: Annotated[str | None, typer.Option(
        metavar="GOODS", help="--end: goods tiles sold, one number a tile, anna=1 1 4")] = None,
    goods_left: Annotated[str | None, typer.Option(
        "--goods-left", metavar="GOODS", help="--end: goods tiles left, anna=5 5 6")] = None,
    silver: Annotated[str | None, typer.Option(
        metavar="SILVERLINGS", help="--end: silverlings left, anna=3,bob=0")] = None,
    workers: Annotated[str | None, typer.Option(metavar="WORKERS", help="--end: workers left, anna=5,bob=1")] = None,
    vp: Annotated[str | None, typer.Option(metavar="POINTS", help="--end: the VP track, anna=98,bob=87")] = None,
    shared: Annotated[str | None, typer.Option(
        metavar="TILES",
        help="--end, team game: the hex tiles on each team's shared storage, A=ship cow3,B=k12")] = None,
    route_goods: Annotated[str | None, typer.Option(
        "--route-goods", metavar="GOODS",
        help="--end, trade routes: the goods tiles on each route, left to right, anna=4 4 2")] = None,
    tiles_removed: Annotated[str | None, typer.Option(
        "--tiles-removed", metavar="TILES",
        help="--end, solo game: the hex tiles the rounds removed, in order, 'ship bank k21'")] = None,
    goods_removed: Annotated[str | None, typer.Option(
        "--goods-removed", metavar="GOODS",
        help="--end, solo game: the goods tiles ships and exchanges removed, '1 1 2 5'")] = None,
    vp_counter: Annotated[str | None, typer.Option(
        "--vp-counter", metavar="POINTS", help="--end, solo game: where the VP counter stands")] = None,
    target_marker: Annotated[str | None, typer.Option(
        "--target-marker", metavar="POINTS",
        help="--end, solo game: where the target VP marker stands (default: 50)")] = None,
    resets: Annotated[str | None, typer.Option(
        metavar="COUNT",
        help="--end, solo game: the counter's resets (default: those the target marker shows)")] = None,
    control: Annotated[str | None, typer.Option(
        metavar="HELD", help="--end, Robber Knights: the buildings each player's knight is on top of, "
                             "\"anna=3 castles 2 villages 1 town,bob=4 castles\"")] = None,
    map_: Annotated[str | None, typer.Option(
        "--map", metavar="TILES", help="--end, Robber Knights: instead of --control, every tile as cell "
                                       "owner:tile [knights a,b], split by ;")] = None,
    knights: Annotated[str | None, typer.Option(
        metavar="KNIGHTS", help="--end, Robber Knights: knights left, anna=4,bob=8")] = None,
    bridge: Annotated[str | None, typer.Option(
        metavar="NAMES", autocompletion=_complete_order,
        help="--end, Castles: the turn order on the bridge at the end, first to last, ben,anna "
             "(needed when the first two tie on VP and empty spaces)")] = None,
    force: Annotated[bool, typer.Option("--force", help="overwrite FILE if it exists")] = False,
) -> None:
    """Create a new record from the flags, asking on a terminal for any that are missing.

    Each answer is checked as it is given; a refused one is explained and only that question
    asked again (docs/table-session.md). The record is checked as the game reads it (it scores
    as an empty game) before it is written. It is dated today unless --date says otherwise.
    With --result it is a result-only record of a game not logged move by move: the final
    scores (--scores), checked before writing. With --end it is an end-of-game record: the
    box as it lies at the end (--duchy, --bonuses, --sold, --routes, --route-goods, --goods-left,
    --silver, --workers, --vp; the shields module --shields-removed, --castle-shields and shield 6's --borrowed;
    the team game --teams, --shared, the team's property given by team; the solo game
    --tiles-removed, --goods-removed, --vp-counter, --target-marker, --resets; Robber Knights
    --control and --knights, or the whole --map), scored as a logged game is.

    Example: burgundy new game.toml --game castles-of-burgundy --edition 2019 --players anna,bob --goods "anna=1 2 3,bob=4 5 6"
    """
    from burgundy_cli.core.newrecord import NewRecord

    given = NewRecord(game=game, edition=edition, players=players, boards=boards, start=start, goods=goods,
                      start_player=start_player, modules=modules, shields=shields, routes=routes, teams=teams,
                      layout=layout, hands=hands, colours=colours, date=date, place=place, event=event,
                      result=result, scores=scores, tiebreak=tiebreak, won=won, end=end, duchy=duchy,
                      castle_shields=castle_shields, borrowed=borrowed, shields_removed=shields_removed, bonuses=bonuses, sold=sold, goods_left=goods_left,
                      silver=silver, workers=workers, vp=vp, shared=shared, route_goods=route_goods, tiles_removed=tiles_removed,
                      goods_removed=goods_removed, vp_counter=vp_counter, target_marker=target_marker,
                      resets=resets, map=map_, control=control, knights=knights, bridge=bridge)
    _guard(partial(subcommands.new, str(file), given, force))


@command(rich_help_panel=RECORD)
def play(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record file to extend", parser=_path)],
    moves: Annotated[list[str] | None, typer.Argument(metavar="MOVES",
                                                      help="notation lines, in order (none: the table session)",
                                                      autocompletion=_complete_move)] = None,
    as_json: Annotated[bool, typer.Option("--json", help='print {"verdicts", "written", "due"}')] = False,
) -> None:
    """Play FILE at the table: the table session, or check MOVES and append them to FILE.

    Without MOVES, on a terminal: the table session (docs/table-session.md), the way to
    play -- a prompt that says what is due, Tab completion, 'check LINE' to settle a
    dispute, undo; each accepted line is on disk before the next prompt. With MOVES: each
    is checked in order and appended (written atomically), then what is due next is said;
    nothing is written unless every line is legal. --json without MOVES: what is due, as JSON.

    Example (after new's): burgundy play game.toml "roll white 3 good 4, anna 6 4, bob 1 5" "anna: take 6 bank"
    """
    if moves or as_json:   # (--json is for a script: never the table session, lines or not)
        _guard(partial(subcommands.play, str(file), moves or [], as_json))
    else:
        _guard(partial(subcommands.table_session, str(file)))


@command(rich_help_panel=RECORD)
def undo(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record file", parser=_path)],
    count: Annotated[int, typer.Argument(metavar="COUNT", min=1, max=1000, help="how many lines to remove")] = 1,
) -> None:
    """Remove the last COUNT lines of FILE (written atomically) and say which.

    Example: burgundy undo game.toml 2
    """
    _guard(partial(subcommands.undo, str(file), count))


@command(rich_help_panel=RECORD)
def fmt(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record file", parser=_path)],
    write: Annotated[bool, typer.Option("--write", "-w", help="rewrite FILE in place (atomically)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the canonical record as JSON (dates as text)")] = False,
) -> None:
    """Print FILE in canonical form (every line in canonical notation, result recomputed).

    Example: burgundy fmt --write game.toml
    """
    _guard(partial(subcommands.fmt, file, write, as_json))


# --- Referee: what a record says ------------------------------------------------------------


#: ``--at``: the point of the record a command asks at (check, moves, show).
AtOption = Annotated[str | None, typer.Option(
    "--at", metavar="WHEN",
    help="the position after a round (C3), a turn (T12) or a line number of FILE, not at its end")]


@command(rich_help_panel=REFEREE)
def check(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record or position file", parser=_path)],
    moves: Annotated[list[str], typer.Argument(
        metavar="MOVE", help='a notation line, e.g. "anna: take 3 church"; several: the last is judged after the '
                             'others are played (nothing is written)', autocompletion=_complete_move)],
    as_json: Annotated[bool, typer.Option("--json", help='print {"legal", "rule", "message", "rules", "after"}')] = False,
    why: Annotated[bool, typer.Option("--why", help="quote the passage of each rule a legal move passed")] = False,
    at: AtOption = None,
) -> None:
    """Say whether MOVE is legal at the end of FILE (or --at a round, turn or line): the rules it passed, or the rule that forbids it.

    With several MOVEs, each is played in turn on the position (nothing is written) and the
    last is judged: may Anna place the church she is about to take?

    Example (after play's): burgundy check game.toml "anna: place 4>3 bank c3"
    """
    _guard(partial(subcommands.check, str(file), moves, as_json, why, at))


@command(rich_help_panel=REFEREE)
def moves(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record or position file", parser=_path)],
    as_json: Annotated[bool, typer.Option("--json", help='print {"player", "moves"} (every line)')] = False,
    every_line: Annotated[bool, typer.Option("--all", help="every line, not the spaces of a tile together")] = False,
    at: AtOption = None,
) -> None:
    """List the legal actions of the player to move at the end of FILE (or --at a round, turn or line), a tile's spaces on one line.

    Example: burgundy moves game.toml
    """
    _guard(partial(subcommands.moves, file, as_json, every_line, at))


@command(rich_help_panel=REFEREE)
def show(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record or position file", parser=_path)],
    svg: Annotated[Path | None, typer.Option(
        "--svg", metavar="FILE", help="write the position as an SVG picture to this file", parser=_path)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the position as JSON (docs/pictures.md)")] = False,
    at: AtOption = None,
    position: Annotated[bool, typer.Option(
        "--position", help="print the position as a small record (the game header and a position table, like a "
                           "chess FEN) that score, check, moves and play accept (docs/records.md)")] = False,
) -> None:
    """Draw the position at the end of FILE: boards with the notation's coordinates, supplies, turn order.

    With --position, print it as a small record that starts from it, to send a disputed moment on.

    Examples: burgundy show game.toml --svg game.svg;
    burgundy show records/castles-of-burgundy/complete-3p-2019.toml --position --at C3 > dispute.toml
    """
    _guard(partial(subcommands.show, file, svg, as_json, at, position))


@command(rich_help_panel=REFEREE)
def score(
    paths: Annotated[list[Path], typer.Argument(metavar="PATHS", help="record files, or folders of *.toml records", parser=_path)],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON (one object; JSON lines for several)")] = False,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=0, metavar="N", help="processes for many records (0 = all cores)")] = 0,
    show_all: Annotated[bool, typer.Option("--all", help="show categories that are 0 for every player too")] = False,
) -> None:
    """Replay and verify records, then print each player's score by category.

    The table is coloured on a terminal and plain text in a pipe or with NO_COLOR set.

    Example: burgundy score records/castles-of-burgundy/complete-3p-2019.toml
    """
    _guard(partial(subcommands.score, [str(path) for path in paths], as_json, jobs, show_all))


# --- Club: many records --------------------------------------------------------------------

DbOption = Annotated[str | None, typer.Option(
    "--db", metavar="FILE|URL", help="SQLite file or postgresql://USER@HOST:PORT/NAME (default: FOLDER/burgundy.db)")]


FolderArgument = Annotated[Path, typer.Argument(metavar="FOLDER", help="folder of *.toml records", parser=_path)]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=0, metavar="N", help="processes (0 = all cores)")]
JsonOption = Annotated[bool, typer.Option("--json", help="print JSON")]


@command(rich_help_panel=CLUB)
def stats(
    folder: Annotated[Path | None, typer.Argument(metavar="FOLDER", help="folder of records (synced first)", parser=_path)] = None,
    db: DbOption = None,
    game: Annotated[str | None, typer.Option(
        metavar="GAME", help="only this game", autocompletion=_complete_game)] = None,
    edition: Annotated[str | None, typer.Option(
        metavar="EDITION", help="only this edition", autocompletion=_complete_edition)] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help="only games of this many players")] = None,
    board: Annotated[str | None, typer.Option(
        metavar="BOARD", help="only games in which a player's estate/duchy is this board (1, 13x, a record's own)")] = None,
    modules: Annotated[str | None, typer.Option(
        metavar="MODULES", help='only games played with exactly these modules, comma-separated in any order ("none": without)',
        autocompletion=_complete_modules_or_none)] = None,
    place: Annotated[str | None, typer.Option(metavar="PLACE", help="only games played here (case ignored)")] = None,
    event: Annotated[str | None, typer.Option(
        metavar="EVENT",
        help="only games of this event (a league, a tournament round), as the records name it, case ignored")] = None,
    since: Annotated[str | None, typer.Option(
        metavar="YYYY-MM-DD", help="only games on or after this date (YYYY-MM-DD)")] = None,
    until: Annotated[str | None, typer.Option(
        metavar="YYYY-MM-DD", help="only games on or before this date (YYYY-MM-DD)")] = None,
    by: Annotated[str | None, typer.Option(
        metavar="FIELDS", help="split by: edition,players,boards,modules,place,event,year",
        autocompletion=_complete_splits)] = None,
    versus: Annotated[tuple[str, str] | None, typer.Option(
        "--vs", metavar="NAME NAME", help="head-to-head of two players")] = None,
    best: Annotated[int, typer.Option(min=0, metavar="N", help="the N highest totals and biggest margins")] = 0,
    ratings: Annotated[bool, typer.Option("--ratings", help="openskill ratings (mu - 3 sigma), in date order")] = False,
    categories: Annotated[bool, typer.Option("--categories", help="the average points per scoring category too")] = False,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="print CSV")] = False,
    as_markdown: Annotated[bool, typer.Option("--markdown", help="print Markdown tables")] = False,
    jobs: JobsOption = 0,
) -> None:
    """Club statistics from the archive: per player games, wins, average and best scores, ratings.

    Per player games, wins (ties apart), win rate, average and best score and average rank
    (the average points per category with --categories); the solo and team games in sections
    of their own; filtered, split, head-to-head, best games and ratings. Reads the archive
    (FOLDER/burgundy.db, synced first, or --db; without either, the current folder when it
    holds a burgundy.db). Says how many games had no date and which
    records were not counted (positions: rulebook examples).

    Example: burgundy stats records/ --by edition,players --ratings
    """
    def run() -> console.Outcome:
        from burgundy_cli.archive.commands import stats_body

        return stats_body(None if folder is None else str(folder), db, game, edition, players, board, modules,
                          place, since, until, by, versus, best, ratings, as_json, as_csv, as_markdown, jobs,
                          categories, event)

    _guard(run)


@command(rich_help_panel=CLUB)
def summary(
    paths: Annotated[list[Path], typer.Argument(metavar="PATHS", help="record files, or folders of *.toml records", parser=_path)],
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as one JSON object")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, metavar="N", help="processes (0 = all cores)")] = 0,
) -> None:
    """Deprecated: use `burgundy stats FOLDER`, which prints the same tables. Sums records up per game and player.

    Kept for scripts that call it; it says so on stderr each time. Records that fail to verify are listed (with their errors on stderr, and exit code 1), not
    counted; games in progress are counted, not scored. The player tables are those of
    `burgundy stats`, which keeps an archive and adds filters, splits, head-to-head, best
    games and ratings.

    Example: burgundy summary records/
    """
    _guard(partial(subcommands.summary, paths, as_json, jobs))


@command(rich_help_panel=CLUB)
def site(
    folder: FolderArgument,
    out: Annotated[Path, typer.Option(
        "--out", "-o", metavar="FOLDER", help="folder to write the website into (made if missing)", parser=_path)],
    jobs: JobsOption = 0,
) -> None:
    """Write a static results website from a folder of records: standings, ratings, head to head, every game.

    A page per game (date, place, score table, the position at the end, the VP chart) and
    per player; plain HTML and CSS with the pictures beside them, for any web host
    (docs/archive.md).

    Example: burgundy site records/ --out site/
    """
    def run() -> console.Outcome:
        from burgundy_cli.archive.site import run_site

        return run_site(str(folder), str(out), jobs)

    _guard(run)


archive_app = typer.Typer(cls=_Group, no_args_is_help=True, rich_markup_mode=None, context_settings=_SETTINGS,
                          help="The club archive: records indexed in SQLite or PostgreSQL.")
app.add_typer(archive_app, name="archive", rich_help_panel=CLUB)

def _sync_command(folder: Path, db: str | None, jobs: int, as_json: bool, rebuild: bool) -> None:
    from burgundy_cli.archive.commands import run_sync

    _guard(partial(run_sync, str(folder), db, jobs=jobs, rebuild=rebuild, as_json=as_json,
                   progress=console.progress_bar))


@archive_app.command(cls=_Command, name="sync")
def archive_sync(folder: FolderArgument, db: DbOption = None, jobs: JobsOption = 0,
                 as_json: JsonOption = False) -> None:
    """Verify the records below FOLDER and bring the archive in line: new and changed records
    stored, removed ones dropped, unchanged ones skipped; failures listed and stored as failed.

    Example: burgundy archive sync records/
    """
    _sync_command(folder, db, jobs, as_json, rebuild=False)


@archive_app.command(cls=_Command, name="rebuild")
def archive_rebuild(folder: FolderArgument, db: DbOption = None, jobs: JobsOption = 0,
                    as_json: JsonOption = False) -> None:
    """Empty the archive and verify every record below FOLDER again.

    Example: burgundy archive rebuild records/ --db postgresql://club@localhost/league
    """
    _sync_command(folder, db, jobs, as_json, rebuild=True)


@archive_app.command(cls=_Command, name="list")
def archive_list(folder: Annotated[Path | None, typer.Argument(metavar="FOLDER",
                                                               help="folder holding burgundy.db (default: this folder, if it does); with --db, list the files below it",
                                                               parser=_path)] = None,
                 db: DbOption = None, as_json: JsonOption = False) -> None:
    """List the files in the archive: game, players, date and winner, or the error of a failed one.

    Example: burgundy archive list records/
    """
    from burgundy_cli.archive.commands import run_list

    _guard(partial(run_list, None if folder is None else str(folder), db, as_json=as_json))


# --- Export: records for other programs -------------------------------------------------------


export_app = typer.Typer(cls=_Group, no_args_is_help=True, rich_markup_mode=None, context_settings=_SETTINGS,
                         help="Write records for score-tracking apps: BG Stats, CSV.")
app.add_typer(export_app, name="export", rich_help_panel=EXPORT)


@export_app.command(cls=_Command, name="bgstats")
def export_bgstats(
    paths: Annotated[list[Path], typer.Argument(metavar="PATHS", help="record files, or folders of *.toml records", parser=_path)],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="the .bgsplay file to write", parser=_path)],
    bgg_id: Annotated[list[str] | None, typer.Option(
        "--bgg-id", metavar="GAME[:EDITION]=ID",
        help="a game's BoardGameGeek id, where burgundy knows none or you want another (repeatable)")] = None,
) -> None:
    """Write the complete games as a BG Stats import file (open it with the app to import).

    Re-importing does not duplicate plays: each play's id comes from the game's uuid (a date or
    place added later keeps it). Position records (rulebook examples) are never exported; team
    games carry their teams. Example: burgundy export bgstats records/ --out plays.bgsplay
    """
    _guard(partial(subcommands.export_bgstats, paths, out, bgg_id or ()))


@export_app.command(cls=_Command, name="csv")
def export_csv(
    paths: Annotated[list[Path], typer.Argument(metavar="PATHS", help="record files, or folders of *.toml records", parser=_path)],
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE", help="CSV file to write (default: print it)", parser=_path)] = None,
) -> None:
    """Write one CSV row per player per game with its scoring categories, a section per game.

    Example: burgundy export csv records/ --out scores.csv
    """
    _guard(partial(subcommands.export_csv, paths, out))


@command(rich_help_panel=EXPORT)
def schema(
    game: Annotated[str | None, typer.Argument(metavar="GAME",
                                               help="castles-of-burgundy or robber-knights (default: every game)",
                                               autocompletion=_complete_game)] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FOLDER", help="write <game>.schema.json files into this folder", parser=_path)] = None,
    path: Annotated[bool, typer.Option("--path", help="print the absolute path of the schema installed with "
                                                      "burgundy (what `new` writes in #:schema)")] = False,
) -> None:
    """Print the JSON Schema (draft-07) of a game's records, for TOML editors (docs/records.md).

    Without GAME: every game's schema, keyed by game name.
    Example: burgundy schema castles-of-burgundy > castles.schema.json
    """
    _guard(partial(subcommands.schema, game, out, path))


@command(rich_help_panel=EXPORT)
def chart(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="record file", parser=_path)],
    svg: Annotated[Path | None, typer.Option(
        "--svg", metavar="FILE", help="write the chart as an SVG picture to this file", parser=_path)] = None,
    as_json: Annotated[bool, typer.Option("--json", help='print {"steps", "vp", ...} as JSON')] = False,
) -> None:
    """Chart each player's VP after every round (Castles) or turn (Robber Knights), final scoring last.

    Without --svg or --json: a table, one row per round or turn.
    Example: burgundy chart game.toml --svg chart.svg
    """
    _guard(partial(subcommands.chart, file, svg, as_json))


@command(rich_help_panel=RECORD)
def playout(
    game: Annotated[str, typer.Argument(metavar="GAME", help="castles-of-burgundy or robber-knights",
                                        autocompletion=_complete_game)],
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=4, metavar="N",
                                         help="number of players (1: the solo game, with --modules solo-game)")],
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="SEED", help="random seed (same seed, same record)")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="record file to write", parser=_path)],
    edition: Annotated[str | None, typer.Option("--edition", "-e", metavar="EDITION", help="rulebook edition",
                                                autocompletion=_complete_edition)] = None,
    stop_after: Annotated[int | None, typer.Option(
        "--stop-after", min=0, metavar="K", help="stop after K actions")] = None,
    as_json: Annotated[bool, typer.Option("--json", help='print {"file", "game", "players", "seed", "result"}')] = False,
    modules: Annotated[str | None, typer.Option(
        "--modules", metavar="MODULES", help="2019 expansion modules, comma-separated (inns)",
        autocompletion=_complete_modules)] = None,
    force: Annotated[bool, typer.Option("--force", help="overwrite FILE if it exists")] = False,
) -> None:
    """Deal a game from SEED and play it out with a simple seeded policy, writing the record.

    Example: burgundy playout castles-of-burgundy --players 4 --seed 7 --out playout.toml
    """
    _guard(partial(subcommands.playout, game, players, seed, out, edition, stop_after, as_json, modules, force))


def main() -> None:
    """The ``burgundy`` script (``[project.scripts]``) and ``python -m burgundy_cli``: the app,
    run so that whatever happens ends in one line and an exit code.

    A wrongly used command line (an unknown option, a missing argument, a move starting with
    ``-``) ends in one ``burgundy: usage: ...`` line with exit code 2, like every other
    error, instead of click's framed box. Help or completions that stdout cannot take end
    as a command's output does (:func:`console.output_failed`). Ctrl-C ends the process
    quietly, except inside a command's body, which :func:`console.run` interrupts."""
    _end_on_interrupt()
    console.guard_stdout()
    try:
        code = app(prog_name="burgundy", standalone_mode=False)
    except typer.TyperException as err:  # (one without words: its exit code alone)
        code = console.fail(_usage_error(err)) if err.format_message() else err.exit_code
    except (typer.Abort, KeyboardInterrupt):  # (a prompt's Ctrl-C; or a handler this thread cannot set)
        code = console.fail(KeyboardInterrupt())
    except console.OutputError as err:  # (help or completions that stdout could not take)
        code = console.output_failed(err)
    code = code if isinstance(code, int) else 0
    sys.exit(console.finish() or code)


#: pydantic's words for a value out of range or of the wrong kind, which typer checks numbers
#: with ("Input should be greater than or equal to 1"), and the project's: a user never reads
#: pydantic's wording (tests/reliability/test_no_pydantic_wording.py).
_PYDANTIC_WORDS = (
    (r"Input should be greater than or equal to (\S+)", r"must be \1 or more"),
    (r"Input should be less than or equal to (\S+)", r"must be \1 or less"),
    (r"Input should be greater than (\S+)", r"must be more than \1"),
    (r"Input should be less than (\S+)", r"must be less than \1"),
    (r"Input should be a valid integer[^(]*", "must be a whole number"),
    (r"Input should be a valid number[^(]*", "must be a number"),
    (r"Input should be ", "must be "),
)


def _plain(message: str) -> str:
    """click's usage message with pydantic's words for a bad number said plainly."""
    if "Input should" not in message:
        return message
    import re

    for words, plain in _PYDANTIC_WORDS:
        message = re.sub(words, plain, message)
    return message.rstrip()


def _usage_error(err: typer.TyperException) -> Exception:
    """click's usage error as our :class:`UsageError`: its message and where to look for help."""
    from burgundy_cli.core.errors import UsageError

    message = _plain(err.format_message())
    context = getattr(err, "ctx", None)
    command = context.command_path if context is not None else getattr(err, "command_path", "burgundy")
    hint = f"see '{command} --help'"
    if "No such option" in message:
        hint += "; a move that starts with '-' goes after '--'"
    return UsageError(message, hint=hint)



if _LOADING is not None:
    signal.signal(signal.SIGINT, _LOADING)  # type: ignore[arg-type] # (see the top of this module)
