"""Kingdom Rush campaign progress per channel (engine/kr/campaign.py, gamehost/campaigns.py,
store migration 7): a victory recorded when the match ends unlocks the next scenarios; a
defeat records nothing; recording is idempotent, kept per channel (and per server), safe when
matches finish at the same time; a victory the listener missed is caught up; a locked
scenario is refused when a lobby is created.

The games are played through the service with the engine bot's moves (scenario 1 takes about
45 decisions solo)."""
import asyncio
import json

import pytest

from engine.base import IllegalAction
from engine.kr import campaign
from engine.kr.game import GAME
from gamehost.campaigns import Campaigns, rules
from gamehost.service import MatchService
from gamehost.db.migrate import HEAD, upgrade
from gamehost.store import Store

FIRST, SECOND, THIRD = campaign.ORDER[:3]
GUILD = 1


@pytest.fixture
def kr_service(store, clock):
    """Every match gets seed 7 (two matches with the same options are the same game)."""
    return MatchService(store, clock, seed_source=lambda: 7)


async def new_match(service, channel, *, scenario=FIRST, difficulty="normal", players=1, guild=GUILD,
                    override=False):
    await service.create(guild_id=guild, channel_id=channel, creator_id=1, creator_name="alice", game="kr",
                         options={"scenario": scenario, "difficulty": difficulty},
                         campaign_override=override)
    for user in range(2, players + 1):
        await service.join(channel, user, f"player{user}")
    return (await service.start(channel, 1)).match


async def step(service, match_id):
    row = await service.load(match_id)
    if row.status != "active":
        return row
    seat = GAME.prompts(row.state)[0].seat
    return (await service.act(match_id, row.seats[seat]["user_id"], GAME.bot_action(row.state, seat))).match


async def play_out(service, match_id):
    for _ in range(2000):
        row = await step(service, match_id)
        if row.status != "active":
            return row
    raise AssertionError("the game did not end")


async def win(service, channel, **options):
    """A finished victory in ``channel`` (the bot wins scenario 1; a defeat is retried)."""
    for _ in range(4):
        row = await play_out(service, (await new_match(service, channel, **options)).id)
        if row.result["winners"]:
            return row
    raise AssertionError("the engine bot lost scenario 1 four times")


async def progress(service, channel, guild=GUILD):
    return await service.campaigns.progress(guild, channel, "kr")


# -- the pure rules ---------------------------------------------------------------------------

VICTORY = {"winners": [0], "placements": [[0], [1]], "reason": "victory_portals", "figures": {"rounds": 6}}
DEFEAT = {"winners": [], "placements": [[1], [0]], "reason": "resigned", "figures": {}}
ALICE = [{"user_id": 1, "name": "alice"}]


def won(progress, scenario, match_id, difficulty="normal", result=VICTORY):
    return campaign.record(progress, match_id=match_id, options={"scenario": scenario, "difficulty": difficulty},
                           result=result, players=ALICE, at=1000.0 + match_id)


def test_the_rules_unlock_by_the_scenarios_data():
    empty = campaign.normalize(None)
    assert empty == campaign.empty() and campaign.playable(None) == [FIRST]
    assert campaign.status(None, FIRST) == "unlocked" and campaign.status(None, SECOND) == "locked"
    assert campaign.normalize({"scenarios": [], "spells": ["no_such_spell"], "won": {"gone": {}}}) == empty
    assert won(None, FIRST, 1, result=DEFEAT) == empty
    p = won(won(None, FIRST, 1, "easy"), FIRST, 2, "hard")
    assert p["won"][FIRST]["wins"] == 2 and p["won"][FIRST]["best"] == "hard"
    assert [v["match"] for v in p["won"][FIRST]["victories"]] == [1, 2]
    assert won(p, FIRST, 2, "normal") == p                      # the same match once
    assert won(p, FIRST, 3, "easy")["won"][FIRST]["best"] == "hard"
    assert p["scenarios"] == [FIRST, *campaign.SCENARIOS[FIRST]["unlocks"]["scenarios"]]
    # a scenario won with a moderator's override unlocks what it unlocks, and itself
    third = won(None, THIRD, 5)
    assert THIRD in third["scenarios"] and set(campaign.SCENARIOS[THIRD]["unlocks"]["spells"]) <= set(third["spells"])
    assert SECOND not in third["scenarios"]
    with pytest.raises(IllegalAction) as refused:
        campaign.check_new(p, {"scenario": THIRD})
    assert refused.value.code == "kr.err.scenario_locked" and refused.value.params["by"] == SECOND
    campaign.check_new(p, {"scenario": SECOND})
    assert campaign.scenario_id("2") == SECOND and campaign.scenario_id(SECOND) == SECOND
    assert campaign.scenario_id(campaign.SCENARIOS[SECOND]["name"]["zh-CN"]) == SECOND
    assert campaign.scenario_id("nowhere") is None
    assert json.loads(json.dumps(p)) == p


def test_only_games_with_a_campaign_module_have_rules():
    assert rules("kr") is campaign
    assert rules("race") is None and rules("clash") is None


# -- storage and the service --------------------------------------------------------------------

async def test_the_store_migrates_to_the_campaigns_table(store_url):
    path = store_url
    await upgrade(path, "0006")  # a database of the schema before campaigns
    store = Store(path)
    await store.open()
    assert await store.schema_version() == int(HEAD) >= 7
    assert await store.campaign(None, 5, "kr") is None
    assert await store.update_campaign(None, 5, "kr", lambda p: {"n": 1}, 1.0) == {"n": 1}
    assert await store.campaign(None, 5, "kr") == {"n": 1}      # outside a server: guild 0, one row
    assert await store.update_campaign(None, 5, "kr", lambda p: {"n": p["n"] + 1}, 2.0) == {"n": 2}
    assert await store.update_campaign(None, 5, "kr", lambda p: None, 3.0) == {"n": 2}
    assert len(await store._all("SELECT * FROM campaigns")) == 1
    await store.close()


async def test_a_victory_unlocks_the_next_scenario(kr_service):
    with pytest.raises(IllegalAction) as refused:
        await new_match(kr_service, 100, scenario=SECOND)
    assert refused.value.code == "kr.err.scenario_locked" and refused.value.params["by"] == FIRST
    assert await kr_service.store.open_match_in_channel(100) is None   # nothing created

    row = await win(kr_service, 100, players=2, difficulty="easy")
    p = await progress(kr_service, 100)
    assert p["scenarios"] == [FIRST, SECOND] and p["spells"] == []
    entry = p["won"][FIRST]["victories"][-1]
    assert p["won"][FIRST]["best"] == "easy"
    assert entry["match"] == row.id and entry["difficulty"] == "easy" and entry["at"] == row.updated_at
    assert [x["name"] for x in entry["players"]] == ["alice", "player2"]
    assert entry["reason"].startswith("victory") and entry["rounds"] == row.result["figures"]["rounds"]

    second = await new_match(kr_service, 100, scenario=SECOND)          # unlocked now
    assert second.options["scenario"] == SECOND and second.status == "active"


async def test_a_defeat_records_nothing(kr_service):
    row = await new_match(kr_service, 200)
    await step(kr_service, row.id)
    row = (await kr_service.resign(row.id, 1)).match
    assert row.status == "finished" and row.result["winners"] == []
    assert await kr_service.store.campaign(GUILD, 200, "kr") is None
    assert await kr_service.campaigns.catch_up(GUILD, 200, "kr") == campaign.empty()
    assert await kr_service.store.campaign(GUILD, 200, "kr") is None  # still nothing written
    cancelled = await new_match(kr_service, 201)
    await kr_service.abandon(201, 1, is_admin=False)
    assert (await kr_service.load(cancelled.id)).status == "abandoned"
    assert await kr_service.store.campaign(GUILD, 201, "kr") is None


async def test_recording_twice_changes_nothing(kr_service):
    row = await win(kr_service, 300)
    stored = await kr_service.store.campaign(GUILD, 300, "kr")
    assert stored["won"][FIRST]["wins"] == 1
    assert await kr_service.campaigns.record(row) is False
    await kr_service.campaigns.match_ended(row)
    await kr_service.campaigns.catch_up(GUILD, 300, "kr")
    assert await kr_service.store.campaign(GUILD, 300, "kr") == stored


async def test_progress_is_per_channel_and_per_server(kr_service):
    await win(kr_service, 400)
    assert SECOND in (await progress(kr_service, 400))["scenarios"]
    assert await progress(kr_service, 401) == campaign.empty()            # another channel (or thread)
    assert await progress(kr_service, 400, guild=2) == campaign.empty()   # the same id elsewhere
    with pytest.raises(IllegalAction):
        await new_match(kr_service, 401, scenario=SECOND)
    assert await kr_service.campaigns.progress(GUILD, 400, "race") is None  # no campaign: nothing kept


async def test_a_moderators_override_starts_a_locked_scenario(kr_service):
    row = await new_match(kr_service, 500, scenario=THIRD, override=True)
    assert row.options["scenario"] == THIRD and row.status == "active"


async def test_matches_finishing_at_once_are_all_recorded(kr_service):
    """Two channels' identical games step together (their last moves land in the same
    gather); then one channel's two victories are folded in concurrently, again and again."""
    a, b = (await new_match(kr_service, 600)).id, (await new_match(kr_service, 601)).id
    for _ in range(2000):
        rows = await asyncio.gather(step(kr_service, a), step(kr_service, b))
        if any(r.status != "active" for r in rows):
            break
    assert [r.status for r in rows] == ["finished", "finished"]    # in the same gather
    if not all(r.result["winners"] for r in rows):
        pytest.skip("the engine bot lost this seed of scenario 1")
    for channel in (600, 601):
        assert SECOND in (await progress(kr_service, channel))["scenarios"]

    kr_service.on_ended.clear()        # these two are not heard of: the catch-up and gather record them
    first = await win(kr_service, 602, override=True)   # (no check: its catch-up would record the first)
    second = await win(kr_service, 602, override=True)
    assert await kr_service.store.campaign(GUILD, 602, "kr") is None
    other = Campaigns(kr_service.store, kr_service.clock)
    results = await asyncio.gather(kr_service.campaigns.record(first), other.record(second),
                                   kr_service.campaigns.record(second), other.record(first),
                                   kr_service.campaigns.catch_up(GUILD, 602, "kr"))
    assert sum(results[:4]) == 2
    p = await progress(kr_service, 602)
    # both, once each; in the order their transactions got the channel's lock (on PostgreSQL
    # two connections race for it, so the order is not the gather's)
    assert sorted(v["match"] for v in p["won"][FIRST]["victories"]) == [first.id, second.id]
    assert p["won"][FIRST]["wins"] == 2


async def test_two_connections_never_lose_an_update(store_url):
    """Two processes' stores on one database: read-change-write is one IMMEDIATE transaction."""
    path = store_url
    one, two = Store(path), Store(path)
    await one.open()
    await two.open()

    def add(n):
        return lambda p: {"seen": [*(p or {}).get("seen", []), n]}

    await asyncio.gather(*(store.update_campaign(GUILD, 7, "kr", add(i), float(i))
                           for i in range(20) for store in ((one, two)[i % 2],)))
    assert sorted((await one.campaign(GUILD, 7, "kr"))["seen"]) == list(range(20))
    await one.close()
    await two.close()


async def test_a_victory_the_listener_missed_is_caught_up(kr_service):
    kr_service.on_ended.clear()        # the process died between the commit and the listener
    await win(kr_service, 700)
    assert await kr_service.store.campaign(GUILD, 700, "kr") is None
    second = await new_match(kr_service, 700, scenario=SECOND)   # the check catches up first
    assert second.options["scenario"] == SECOND
    assert SECOND in (await progress(kr_service, 700))["scenarios"]
