"""Cloudspire's own cases of the match log's redaction (the shared checks:
tests/engine/test_log_redaction.py): team-mates, and the events of hidden moves."""
from __future__ import annotations

import random

from engine import base
from engine.cloudspire import GAME as CS
from engine.cloudspire import apply as cs_apply
from engine.cloudspire.state import friendly
from tests.games.cloudspire import LOG_EXPECT, LOG_FORMATS
from tests.support.logs import PUBLIC, logged_games, verb


def test_cloudspire_team_mate_sees_what_an_opponent_sees_cs_team_4():
    """2 vs 2: team-mates are friendly (CS-TEAM-4) but no rule shares hidden information,
    so a team-mate sees a redacted stack move like an opponent (CS-PREP-11, CS-AMB-33)."""
    teams = next(g for g in logged_games("cloudspire") if g.name == "teams")
    final = teams.final
    checked = 0
    for actor, text, after, _ in teams.log:
        if LOG_EXPECT[verb(text)] is PUBLIC:
            continue
        mates = [s for s in range(4) if s != actor and friendly(final, actor, s)]
        assert mates
        for m in mates:
            assert CS.log_text(after, actor, m, text) == LOG_EXPECT[verb(text)]
            checked += 1
    assert checked


def _public(e) -> bool:
    assert "private_to" not in e.params  # one event shape: visibility is Event.visible_to
    return e.visible_to is None


def test_cloudspire_hidden_moves_emit_no_public_detail_cs_prep_11_cs_exp_7_cs_amb_44():
    """Events narrated to the channel carry no hidden information: stack building emits
    nothing public, a lock tells only the height and the top (CS-PREP-11, CS-AMB-33),
    landmark faces seen while exploring (CS-EXP-7), relics drawn (CS-AMB-44) and standing
    policies are ``visible_to`` their seat only (engine.base.Event)."""
    for name, seats, opts in LOG_FORMATS[:3]:
        rnd = random.Random(3)
        st = CS.setup(seats, opts, 3)
        st, events = CS.apply(st, 1, {"type": "pol", "key": "spire", "value": "manual"})
        assert [e.visible_to for e in events] == [1] and not [e for e in events if _public(e)]
        kinds = set()
        while CS.result(st) is None:
            seat = CS.prompts(st)[0].seat
            legal = CS.legal_actions(st, seat)
            a = rnd.choice(legal) if rnd.random() < 0.4 else CS.bot_action(st, seat)
            st, events = CS.apply(st, seat, a)
            kinds |= {e.kind for e in events}
            if a["type"] in ("add", "join", "equip", "undo"):
                assert not [e for e in events if _public(e)], (a, events)
            for e in events:
                if e.kind in ("peek", "relic_private", "policy"):
                    assert not _public(e) and e.visible_to in range(seats), e
                if e.kind == "stack_locked":
                    assert set(e.params) == {"seat", "height", "top"}
        assert "peek" in kinds


def test_cloudspire_concede_keeps_private_events_private(monkeypatch):
    """Events raised while a conceded seat is played out keep their ``visible_to`` seat
    (e.g. a relic drawn by that seat, CS-AMB-44), as ``apply`` does."""
    def fake_autoplay(st, events):
        events.append(base.Event("relic_private", {"seat": 2, "relic": "x"}, visible_to=2))
    monkeypatch.setattr(cs_apply, "autoplay_conceded", fake_autoplay)
    st = CS.setup(3, {}, 4)
    _, events = CS.concede(st, 2, "resigned")
    private = [e for e in events if e.kind == "relic_private"]
    assert private and private[0].visible_to == 2 and "private_to" not in private[0].params
