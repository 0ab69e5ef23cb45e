"""A phase end's quiet step says nothing the line already said.

2019 rules 'End of a phase' and 'THE SHIELDS', 'Important!': "At the end of each phase,
*before* receiving silver from your mines, you must pay tribute for your shields!" -- and
shield 8, "double the pay out of your mines", after them. A step of the phase end that notes
nothing (shield 8 held by nobody) is said by what it changed; the die change of the line that
ended the phase was read into it as well, so Cara's 'place 5>6 boarding-house f5' in phase C
of the shields record said "pays 1 worker: die 5 used as 6" twice, the second time as the
phase end's, with a "+1 worker" that nothing gave.
"""

from __future__ import annotations

from tests.castles.test_module_verdicts import _check

LINE = "Cara: place 5>6 boarding-house f5"


def test_the_line_that_ends_phase_c_pays_its_worker_once():
    """2019 rules 'A player's turn', 'Worker chips': the worker is paid once, by the line; the phase
    end ('THE SHIELDS': tribute, then the mines) says only its own payments."""
    effects = _check("complete-4p-2019-shields.toml", LINE)["effects"]
    assert effects[0].startswith("Cara: pays 1 worker: die 5 used as 6, 1 step [cob.die.workers], +4 workers")
    assert sum("die 5 used as 6" in effect for effect in effects) == 1, effects
    assert [effect for effect in effects if effect.startswith("end of phase C")] == [
        "end of phase C [cob.shield.tribute]: Anna cannot pay for shield 6: removed from the game, Ben cannot pay "
        "for shield 1: removed from the game, Cara pays 1 silver coin and 1 worker (shield 3) of tribute for "
        "shields 3 9",
        "end of phase C [cob.mine.income]: Ben receives 1 silver coin for 1 mine, Cara receives 2 silver coins "
        "for 2 mines"]


def test_a_team_line_that_ends_a_phase_pays_its_worker_once():
    """2019 rules 'THE TEAM GAME', 'PLAYING THE GAME': "All resources other than private hex
    tiles are shared (workers, silver coins, goods, shared hex tiles)". The team's parts are
    shared with the mate as the phase end's first step, which notes nothing: Dario's worker,
    paid by his line, is not said again as that step's, and what the sharing copies is said
    by nobody (the team's income once, as the mines')."""
    effects = _check("complete-4p-2019-team.toml", "Dario: take 3>1 ship shared")["effects"]
    assert sum("die 3 used as 1" in effect for effect in effects) == 1, effects
    assert [effect for effect in effects if effect.startswith("end of phase B")] == [
        "end of phase B [cob.mine.income]: Anna and Cara receive 2 silver coins and 2 workers (monastery tile 2) "
        "for 2 mines, Ben and Dario receive 1 silver coin for 1 mine"]
    free = _check("complete-4p-2019-team.toml", "Dario: place 2>1 mine shared re2")["effects"]
    assert sum("die 2 used as 1" in effect for effect in free) == 1, free
