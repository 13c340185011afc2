"""The match service on a toy game: lobby, turns, atomic log, versions, deadlines, restarts."""
import asyncio

import pytest

from engine.base import IllegalAction
from gamehost.service import MatchService, ServiceError, replay
from gamehost.db.migrate import HEAD
from gamehost.store import Store

CH = 555


async def started(service, *, policy="auto", seats=("alice", "bob")):
    await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name=seats[0], game="race",
                         options={}, timeout_policy=policy)
    if seats[1] == "bot":
        await service.add_bot(CH, 1)
    else:
        await service.join(CH, 2, seats[1])
    return await service.start(CH, 1)


def turn_user(row):
    seat = row.state["turn"]
    return row.seats[seat]["user_id"]


async def test_lobby_rules(service):
    row = await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name="alice", game="race",
                               options={"target": 5})
    assert row.status == "lobby" and row.options == {"target": 5}
    with pytest.raises(ServiceError) as e:
        await service.create(guild_id=1, channel_id=CH, creator_id=3, creator_name="c", game="race", options={})
    assert e.value.code == "channel_busy"
    with pytest.raises(ServiceError) as e:
        await service.start(CH, 1)
    assert e.value.code == "need_players"
    with pytest.raises(ServiceError) as e:
        await service.join(CH, 1, "alice")
    assert e.value.code == "already_seated"
    await service.join(CH, 2, "bob")
    with pytest.raises(ServiceError) as e:
        await service.join(CH, 3, "carol")
    assert e.value.code == "lobby_full"
    row = await service.leave(CH, 2)
    assert [s["name"] for s in row.seats] == ["alice"]
    with pytest.raises(ServiceError) as e:
        await service.leave(CH, 1)
    assert e.value.code == "creator_cannot_leave"


async def test_bad_options_are_refused(service):
    with pytest.raises(ServiceError) as e:
        await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name="a", game="race",
                             options={"target": 7})
    assert e.value.code == "bad_options" and "5, 10" in e.value.params["detail"]


async def test_action_is_logged_atomically_and_versions_advance(service, store):
    outcome = await started(service)
    row = outcome.match
    assert row.status == "active"
    user = turn_user(row)
    outcome = await service.act(row.id, user, "add 2")
    assert outcome.match.version == row.version + 1 and outcome.match.state["total"] == 2
    log = await store.action_log(row.id)
    assert [(e.seq, e.action, e.kind) for e in log] == [(1, "add 2", "action")]
    stored = await store.match(row.id)
    assert stored.state == outcome.match.state and stored.version == outcome.match.version


async def test_wrong_turn_and_illegal_actions_change_nothing(service, store):
    row = (await started(service)).match
    other = row.seats[1 - row.state["turn"]]["user_id"]
    with pytest.raises(ServiceError) as e:
        await service.act(row.id, other, "add 1")
    assert e.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as e:
        await service.act(row.id, turn_user(row), "add 3")
    assert e.value.legal == ["add 1", "add 2"]
    with pytest.raises(ServiceError) as e:
        await service.act(row.id, 99, "add 1")
    assert e.value.code == "not_seated"
    stored = await store.match(row.id)
    assert stored.version == row.version and stored.state == row.state
    assert await store.action_log(row.id) == []


async def test_double_click_applies_exactly_once(service, store):
    row = (await started(service)).match
    user = turn_user(row)
    results = await asyncio.gather(
        service.act(row.id, user, "add 1", expected_version=row.version),
        service.act(row.id, user, "add 1", expected_version=row.version),
        return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    failure = next(r for r in results if isinstance(r, Exception))
    assert isinstance(failure, ServiceError) and failure.code in ("stale", "not_your_turn")
    assert len(await store.action_log(row.id)) == 1


async def test_version_conflict_from_another_writer_is_refused(service, store, clock):
    row = (await started(service)).match
    other = MatchService(store, clock)  # e.g. a second process on the same database
    await other.act(row.id, turn_user(row), "add 1")
    with pytest.raises(ServiceError) as e:
        await service.act(row.id, turn_user(row), "add 1")
    assert e.value.code in ("stale", "not_your_turn")
    assert len(await store.action_log(row.id)) == 1


async def test_bot_seat_answers_in_the_same_step(service, store):
    outcome = await started(service, seats=("alice", "bot"))
    row = outcome.match
    if row.state["turn"] == 1:  # the bot opened
        assert [m.kind for m in outcome.moves] == ["bot"]
    human_turns = 0
    while row.status == "active":
        outcome = await service.act(row.id, 1, "add 1")
        row = outcome.match
        human_turns += 1
        assert all(m.kind == "bot" for m in outcome.moves[1:])
    assert row.status == "finished" and row.result["winners"] in ([0], [1])
    assert replay(row, await store.action_log(row.id)) == row.state


async def test_restart_resumes_from_the_database(store_url, clock):
    path = store_url
    store = Store(path)
    await store.open()
    service = MatchService(store, clock)
    row = (await started(service)).match
    row = (await service.act(row.id, turn_user(row), "add 2")).match
    await store.close()

    store2 = Store(path)
    await store2.open()
    assert await store2.schema_version() == int(HEAD)
    service2 = MatchService(store2, clock)
    again = await service2.in_channel(CH)
    assert again.state == row.state and again.version == row.version
    assert [(m, v, d) for m, v, d, _r in await service2.armed()] == [(row.id, row.version, row.deadline_at)]
    outcome = await service2.act(row.id, turn_user(again), "add 1")
    assert outcome.match.state["total"] == 3
    await store2.close()


async def test_resign_and_abandon(service):
    row = (await started(service)).match
    outcome = await service.resign(row.id, 2)
    assert outcome.match.status == "finished" and outcome.result.winners == [0]
    assert outcome.result.reason == "resigned"
    await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name="a", game="race", options={})
    with pytest.raises(ServiceError) as e:
        await service.abandon(CH, 2, is_admin=False)
    assert e.value.code == "not_creator"
    row = (await service.abandon(CH, 2, is_admin=True)).match
    assert row.status == "abandoned"


@pytest.mark.parametrize("policy, check", [
    ("auto", lambda before, after: after.state["total"] == before.state["total"] + 1),
    ("bot", lambda before, after: after.state["total"] == before.state["total"] + 2),
    ("forfeit", lambda before, after: after.status == "finished" and after.result["reason"] == "timeout"),
])
async def test_deadline_policies(service, clock, policy, check):
    row = (await started(service, policy=policy)).match
    assert row.deadline_at == clock.now + 600
    assert service.remind_at(row) == row.deadline_at - 150
    assert await service.expire(row.id, row.version) is None  # not yet due
    clock.now = row.deadline_at + 1
    assert await service.expire(row.id, row.version - 1) is None  # armed for an older version
    outcome = await service.expire(row.id, row.version)
    assert check(row, outcome.match)
    assert outcome.moves[0].kind in ("timeout", "concede")


async def test_deadline_moves_only_when_someone_else_must_act(service, clock):
    row = (await started(service)).match
    first_deadline = row.deadline_at
    clock.now += 100
    row = (await service.act(row.id, turn_user(row), "add 1")).match
    assert row.deadline_at == first_deadline + 100


async def test_my_matches(service):
    await started(service)
    mine = await service.my_matches(1, 2)
    assert len(mine) == 1 and mine[0].channel_id == CH
    assert await service.my_matches(1, 42) == []


async def test_abandon_by_the_creator_of_a_match_others_play_counts_as_resigning(service, store):
    """Issue: the creator cannot escape a losing match with /match abandon. With another
    person seated, abandoning concedes: the opponent wins and the result is recorded."""
    row = (await started(service)).match
    outcome = await service.abandon(CH, 1, is_admin=False)
    assert not outcome.cancelled
    assert outcome.match.status == "finished" and outcome.result.winners == [1]
    assert (await store.match(row.id)).result["winners"] == [1]
    assert [(e.kind, e.action) for e in await store.action_log(row.id)][-1] == ("concede", "resign")
    assert row.id not in service.deadlines.armed


async def test_a_moderator_cancels_with_no_result_and_it_is_logged(service, store, caplog):
    row = (await started(service)).match
    with caplog.at_level("INFO", logger="gamehost.service"):
        outcome = await service.abandon(CH, 99, is_admin=True)
    assert outcome.cancelled and outcome.match.status == "abandoned" and outcome.match.result is None
    entry = (await store.action_log(row.id))[-1]
    assert (entry.kind, entry.action, entry.user_id) == ("abandon", "abandon", 99)
    assert any("cancelled with no result by user 99" in r.getMessage() for r in caplog.records)
    assert row.id not in service.deadlines.armed


async def test_a_creator_alone_with_bots_may_cancel(service):
    await service.create(guild_id=1, channel_id=CH, creator_id=1, creator_name="alice", game="race", options={})
    await service.add_bot(CH, 1)
    await service.start(CH, 1)
    outcome = await service.abandon(CH, 1, is_admin=False)
    assert outcome.cancelled and outcome.match.status == "abandoned"


async def test_only_seated_players_and_moderators_end_a_running_match(service):
    """An outsider cannot abandon; a seated player's abandon counts as resigning."""
    await started(service)
    with pytest.raises(ServiceError) as e:
        await service.abandon(CH, 3, is_admin=False)
    assert e.value.code == "not_creator"
    outcome = await service.abandon(CH, 2, is_admin=False)
    assert not outcome.cancelled and outcome.result.winners == [0]


async def test_the_log_is_redacted_per_viewer(service):
    """Issue 7.1: the service shows each viewer the engine's redaction of the log."""
    row = (await started(service)).match
    mover = turn_user(row)
    await service.act(row.id, mover, "add 2")
    row = await service.load(row.id)
    other = 2 if mover == 1 else 1
    assert [e.action for e in await service.log_for(row, mover)] == ["add 2"]
    assert [e.action for e in await service.log_for(row, other)] == ["add ?"]
    assert [e.action for e in await service.log_for(row, 777)] == ["add ?"]
    assert [e.action for e in await service.log(row.id)] == ["add 2"]


async def test_the_deadline_is_armed_by_the_commit(service):
    """Issue 7.2: arming the next deadline belongs to the commit, not to the Discord send."""
    row = (await started(service)).match
    assert service.deadlines.armed[row.id][:2] == (row.version, row.deadline_at)
    outcome = await service.act(row.id, turn_user(row), "add 1")
    assert service.deadlines.armed[row.id][0] == outcome.match.version
