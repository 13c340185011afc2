"""The designed campaigns' rules (engine/cloudspire/campaign.py; CS-SOLO-1, CS-DM): the solo
and the co-op campaign each open their first encounter, a victory opens the next, the best
difficulty is kept, a match is recorded once, a locked encounter is refused naming the one
that opens it, and endless, ffa, team games and defeats record nothing. Pure: no store."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.cloudspire import campaign
from engine.cloudspire.modes import ENCOUNTERS, encounter_ids

SOLO = encounter_ids("solo")
COOP = encounter_ids("coop")
ALICE = [{"user_id": 1, "name": "alice"}, {"user_id": None, "name": "Cloud"}]


def result(winners: list[int], *, people=(0,), cloud=(1,)) -> dict:
    rest = [s for s in (*people, *cloud) if s not in winners]
    return {"winners": winners, "placements": [winners, rest], "reason": "objective",
            "figures": {"mode": "solo", "waves_survived": 4, "objective": {"status": "met", "reason": "survived"}}}


def won(progress, eid: str, match_id: int, difficulty: str = "normal", *, mode: str | None = None,
        winners=(0,)) -> dict:
    options = {"mode": mode or ENCOUNTERS[eid]["mode"], "encounter": eid, "difficulty": difficulty}
    return campaign.record(progress, match_id=match_id, options=options, result=result(list(winners)),
                           players=ALICE, at=1000.0 + match_id)


def test_each_campaign_opens_its_first_encounter_cs_solo_1():
    """CS-SOLO-1: the solo and the co-op campaign, each with at least six encounters in order;
    a new channel may play only their first encounters."""
    assert len(SOLO) >= 6 and len(COOP) >= 6
    empty = campaign.empty()
    assert campaign.normalize(None) == empty == campaign.normalize({})
    assert campaign.playable(empty, "solo") == [SOLO[0]] and campaign.playable(empty, "coop") == [COOP[0]]
    assert campaign.status(empty, SOLO[0]) == "open" and campaign.status(empty, SOLO[1]) == "locked"
    assert campaign.next_encounter(empty, "solo") == SOLO[0]
    assert campaign.next_encounter(empty, "endless") is None and campaign.playable(empty, "ffa") == []


def test_a_victory_opens_the_next_encounter_of_its_campaign_only():
    """CS-SOLO-1: winning solo encounter 1 opens solo encounter 2, not the co-op campaign's."""
    p = won(None, SOLO[0], 11)
    assert campaign.status(p, SOLO[0]) == "won" and campaign.status(p, SOLO[1]) == "open"
    assert campaign.status(p, SOLO[2]) == "locked" and campaign.playable(p, "coop") == [COOP[0]]
    assert campaign.next_encounter(p, "solo") == SOLO[1]
    entry = p["solo"]["won"][SOLO[0]]["victories"][0]
    assert entry["players"] == [{"user_id": 1, "name": "alice"}]     # the people, not the Cloud
    assert entry["match"] == 11 and entry["reason"] == "survived" and entry["waves"] == 4
    p = won(p, COOP[0], 12)
    assert campaign.playable(p, "coop") == list(COOP[:2])


def test_best_difficulty_is_kept_and_a_match_counts_once():
    p = won(None, SOLO[0], 1, "hard")
    p = won(p, SOLO[0], 2, "easy")
    assert p["solo"]["won"][SOLO[0]]["best"] == "hard" and p["solo"]["won"][SOLO[0]]["wins"] == 2
    assert won(p, SOLO[0], 2, "easy") == p                            # the same match again: nothing
    assert campaign.recorded(p, 2) and not campaign.recorded(p, 3)


def test_defeats_endless_and_free_for_all_record_nothing():
    """CS-SOLO-2: endless has no campaign; a defeat (the Cloud's seats win) opens nothing."""
    empty = campaign.empty()
    assert won(None, SOLO[0], 1, winners=(1,)) == empty
    assert campaign.record(None, match_id=2, options={"mode": "endless", "encounter": "none"},
                           result=result([0]), players=ALICE, at=1.0) == empty
    assert campaign.record(None, match_id=3, options={"mode": "ffa"}, result=result([0]), players=ALICE,
                           at=1.0) == empty
    assert campaign.record(None, match_id=4, options={"mode": "solo", "encounter": COOP[0]},
                           result=result([0]), players=ALICE, at=1.0) == empty  # not a solo encounter


def test_none_plays_the_first_encounter_and_a_locked_one_is_refused():
    """A lobby naming no encounter plays the campaign's first; a locked one is refused with the
    encounter whose victory opens it."""
    campaign.check_new(None, {"mode": "solo", "encounter": "none"})
    campaign.check_new(None, {"mode": "endless", "encounter": "none"})
    campaign.check_new(None, {"mode": "ffa"})
    with pytest.raises(IllegalAction) as refused:
        campaign.check_new(None, {"mode": "solo", "encounter": SOLO[2]})
    assert refused.value.code == "cloudspire.err.encounter_locked"
    assert refused.value.params["by"] == SOLO[1] and refused.value.params["number"] == 3
    p = won(won(None, SOLO[0], 1), SOLO[1], 2)
    campaign.check_new(p, {"mode": "solo", "encounter": SOLO[2]})


def test_progress_survives_content_changes_and_every_won_encounter_opens_its_next():
    stale = {"solo": {"won": {"gone": {"wins": 1}, SOLO[3]: {"wins": 1, "best": "easy", "victories": []}},
                      "open": ["gone"]}}
    p = campaign.normalize(stale)
    assert "gone" not in p["solo"]["won"] and p["solo"]["open"] == [SOLO[0], SOLO[3], SOLO[4]]


def test_encounters_are_named_by_id_number_or_name():
    eid = SOLO[1]
    assert campaign.encounter_ref(eid) == eid
    assert campaign.encounter_ref("2", "solo") == eid and campaign.encounter_ref("2", "coop") == COOP[1]
    assert campaign.encounter_ref(ENCOUNTERS[eid]["name"]["en"].upper()) == eid
    assert campaign.encounter_ref(ENCOUNTERS[eid]["name"]["zh_hans"]) == eid
    assert campaign.encounter_ref("nothing") is None and campaign.encounter_ref(None) is None
