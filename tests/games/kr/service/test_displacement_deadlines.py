"""KR-SPN-7 / KR-AMB-61 through the match service: a displaced hero's owner is asked where it
goes (engine/kr/displacement.py); the deadline answers that question alone, with the owner's
standing order (``ask``: the decision table's default, nearest the exit); a second question of
the same seat in the same phase is a new decision with a full deadline of its own
(``params["decision"]``, gamehost/deadlines.py); a bot seat answers at once.

The position is built (tests/games/kr/engine fixtures' way): Farrinken Valley, round 2 about to
spawn from marker 1 onto A3 where Lilith (seat 2) stands."""
import pytest

from engine.kr import rounds
from engine.kr.game import GAME
from engine.kr.setup import new_state
from gamehost.deadlines import same_decision

CH = 8080


def position(seats: int, options: dict, seed: int) -> dict:
    st, _ = new_state(2, {"scenario": "farrinken_valley", "heroes": ["alleria", "lilith"]}, 7)
    st["trays"] = {}
    st["decks"] = {k: [] for k in st["decks"]}
    st["decks"]["1"] = ["goblin_band", "goblin_scouts"]
    st["waves"] = {"1": 2}
    st["round"], st["phase"] = 2, 1
    st["heroes"]["lilith"].update(cell="A3", tray=None)
    rounds.step(st, [])
    return st


@pytest.fixture
def built(monkeypatch):
    monkeypatch.setattr(GAME, "setup", position)


async def match(service, *, bot: bool = False):
    await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name="alice", game="kr",
                         options={"scenario": "farrinken_valley"}, timeout_policy="auto")
    if bot:
        await service.add_bot(CH, 1)
    else:
        await service.join(CH, 2, "bob")
    return await service.start(CH, 1)


def asked(row) -> list:
    return [(p.seat, p.key, p.params.get("cell")) for p in GAME.prompts(row.state)]


async def test_KR_SPN_7_KR_AMB_61_the_deadline_answers_one_question_with_the_standing_order(service, clock, built):
    row = (await match(service)).match
    assert asked(row) == [(1, "kr.prompt.displace", "A3")]
    first = GAME.prompts(row.state)[0]
    clock.now = row.deadline_at + 1
    outcome = await service.expire(row.id, row.version)
    assert [m.action for m in outcome.moves] == ["displace lilith B3"]      # ask: nearest the exit
    row = outcome.match
    # the second card spawns on B3: the same seat, the same kind of prompt, another question
    assert asked(row) == [(1, "kr.prompt.displace", "B3")]
    second = GAME.prompts(row.state)[0]
    assert not same_decision(first, second)
    assert row.deadline_at == clock.now + row.decision_seconds                # a full deadline of its own
    assert row.state["heroes"]["lilith"]["cell"] == "B3"


async def test_KR_AMB_61_an_answer_then_the_next_question_gets_a_full_deadline(service, clock, built):
    row = (await match(service)).match
    clock.now += 100
    outcome = await service.act(row.id, 2, "displace lilith B3")
    row = outcome.match
    assert asked(row) == [(1, "kr.prompt.displace", "B3")] and outcome.prompted_changed
    assert row.deadline_at == clock.now + row.decision_seconds
    squares = GAME.prompts(row.state)[0].params["squares"].split()
    outcome = await service.act(row.id, 2, f"displace lilith {squares[-1]}")
    row = outcome.match
    assert row.state["phase"] == 2 and row.state["heroes"]["lilith"]["cell"] == squares[-1]
    assert {p.seat for p in GAME.prompts(row.state)} == {0, 1}
    # phase 2 has its own deadline: a timeout there is not answered by the displacement's
    clock.now = row.deadline_at + 1
    outcome = await service.expire(row.id, row.version)
    assert [m.action for m in outcome.moves] == ["done"]


async def test_KR_AMB_61_a_bot_owner_answers_at_once(service, clock, built):
    outcome = await match(service, bot=True)
    row = outcome.match
    moves = [m.action for m in outcome.moves]
    assert moves[0] == "displace lilith B3" and moves[1].startswith("displace lilith ")   # B3, then off B3
    assert {m.kind for m in outcome.moves[:2]} == {"bot"} and not moves[2].startswith("displace")
    assert "displacement" not in row.state and row.state["phase"] == 2


async def test_KR_AMB_61_only_the_owner_may_answer(service, clock, built):
    from gamehost.service import ServiceError
    row = (await match(service)).match
    with pytest.raises(ServiceError) as refused:
        await service.act(row.id, 1, "displace lilith B2")
    assert refused.value.code == "not_your_turn"
