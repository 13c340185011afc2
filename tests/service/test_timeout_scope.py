"""A timeout answers only the decision that ran late: when the late seat's defence window
closes and its own turn begins at once, that turn is a new decision with its own deadline
(found by a SimCord test of Empire vs Steppe: a missed defence window cost the whole next turn)."""
import pytest

from gamehost import registry

CH = 4242


@pytest.fixture(autouse=True)
def window_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "window", registry.GamePlugin("window", "tests.support.window_toy"))


async def windowed(service, policy):
    await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name="alice", game="window",
                         options={}, timeout_policy=policy)
    await service.join(CH, 2, "bob")
    row = (await service.start(CH, 1)).match
    return (await service.act(row.id, row.seats[0]["user_id"], "add 1")).match  # bob's window opens


@pytest.mark.parametrize("policy, answer", [("auto", "react pass"), ("bot", "react block")])
async def test_a_timed_out_window_does_not_play_the_late_seats_next_turn(service, clock, policy, answer):
    row = await windowed(service, policy)
    assert row.state["window"] == 1
    clock.now = row.deadline_at + 1
    outcome = await service.expire(row.id, row.version)
    after = outcome.match
    assert [m.action for m in outcome.moves] == [answer]  # the window only
    assert after.state["turn"] == 1 and after.state["window"] is None and after.state["total"] == 1
    assert after.deadline_at == clock.now + 600  # bob's own turn: a fresh, full deadline
    clock.now = after.deadline_at + 1
    outcome = await service.expire(after.id, after.version)
    assert [m.action for m in outcome.moves] == ["add 1" if policy == "auto" else "add 2"]


@pytest.fixture
def phases_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "phases", registry.GamePlugin("phases", "tests.support.phases_toy"))


@pytest.mark.parametrize("policy", ["auto", "bot"])
async def test_a_timed_out_simultaneous_phase_does_not_answer_the_next_one(service, clock, phases_registered, policy):
    """Two simultaneous phases in a row (found by a SimCord test of a co-operative game): the
    idle seat's timeout ends its part in the phase that ran late; the next phase, asked with
    another prompt key, is a new decision with its own deadline."""
    await service.create(guild_id=1, channel_id=CH + 1, creator_id=1, creator_name="alice", game="phases",
                         options={}, timeout_policy=policy)
    await service.join(CH + 1, 2, "bob")
    row = (await service.start(CH + 1, 1)).match
    alice = next(s for s in row.seats if s["user_id"] == 1)
    bob_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == 2)
    row = (await service.act(row.id, alice["user_id"], "done")).match
    assert row.state["phase"] == "plan" and row.state["done"] == [1 - bob_seat]
    clock.now = row.deadline_at + 1
    outcome = await service.expire(row.id, row.version)
    after = outcome.match
    assert [m.action for m in outcome.moves] == ["done"]          # the plan phase only
    assert after.state["phase"] == "buy" and after.state["done"] == []
    assert after.deadline_at == clock.now + 600                   # the buy phase: a fresh deadline
