"""What each logged Clash of Decks move shows to the other seat and to spectators
(``GAME.log_text`` / ``GAME.log_hidden``, engine.base.Game, read from :data:`VERBS` by
engine/kit.py ``GameBase``).

One row per verb of the notation grammar (notation.py). "Private information" and "Public
information" refer to the rules' section "Information and decisions".

=========  =================  ===============================================================
verb       others see         why, and when it becomes public
=========  =================  ===============================================================
play       unchanged          Public: the card goes face up onto the board or resolves at
                              once on a creature, lane and target included (CD-PLAY-3/4,
                              CD-SPELL-2/3, CD-POS-1; Public information: "the whole board").
champion   unchanged          Public: a summoned champion is a creature on the board; the
                              champion itself was revealed before play (CD-CHA-4/5).
end, go    unchanged          Public turn structure (CD-PLAY-1, CD-TURN-2, CD-AMB-10).
deck       unchanged          Public: players choose preconstructed decks one after the other
                              and the second chooses among the remaining decks, so the first
                              choice is known (CD-FMT-4, CD-AMB-8). Not listed as private.
pick       unchanged          Public: the 4 cards of a draft round are revealed and taken in
                              the open (CD-FMT-6/7, CD-SOLO-5); Public information lists "the
                              cards revealed and picked during a draft" (the view shows them).
                              Only the order of the draft pile is private.
build      ``build ?``        Private: "a Constructed deck before its cards are played"
                              (CD-FMT-8, CD-HAND-1). Never public as a whole: each card
                              becomes public only when it is played, through its own ``play``
                              entry; no rule reveals the unplayed rest, not even at the end.
choose     ``choose ?``       Private until the simultaneous reveal: "a champion choice before
                              the simultaneous reveal" (CD-CHA-4). Public from the moment the
                              actor's champion is revealed (every chooser has chosen; in Solo
                              only the player chooses, CD-AMB-50), which the current state
                              shows as ``players[actor]["champion"]``. A game conceded before
                              the reveal keeps it hidden.
=========  =================  ===============================================================

There are no teams in Clash (CD-GEN-2), so only the actor sees its own hidden moves.
"""
from __future__ import annotations

from engine.base import PUBLIC, LogRule


def _champion_revealed(st: dict, actor: int) -> bool:
    players = st.get("players") or []
    return 0 <= actor < len(players) and players[actor].get("champion") is not None


VERBS: dict[str, LogRule] = {
    "play": PUBLIC,
    "champion": PUBLIC,
    "end": PUBLIC,
    "go": PUBLIC,
    "deck": PUBLIC,
    "pick": PUBLIC,
    "build": LogRule("build ?", None, "CD-FMT-8, CD-HAND-1; private: a Constructed deck before it is played"),
    "choose": LogRule("choose ?", _champion_revealed, "CD-CHA-4; private until the simultaneous reveal"),
}

