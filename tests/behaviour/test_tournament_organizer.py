"""Tournaments from the organizer's side (issue 11): who may run one, what bad input gets
back (always a clear private reply, nothing changed), and the check-in window."""
from __future__ import annotations

import discord
import pytest

from tests.behaviour.test_tournament_scenarios import add_members, hub_message, hub_posts, only, tournaments

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def refused(result, *words) -> bool:
    text = result.response.content if result.response is not None else ""
    return result.ephemeral and text.startswith("⚠️") and all(w in text for w in words)


async def snapshot(world):
    t = await only(world)
    return t.status, t.version, t.data


async def test_only_organizers_run_a_tournament(world):
    dave, = add_members(world, "dave")
    await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", rounds=2,
                         round_hours=24, name="Guarded")
    for member in (world.alice, world.bob, world.carol):
        await member.slash(world.channel, "tournament join")
    # dave is an outsider (not entered), bob an entrant; neither created it nor manages the server
    before = await snapshot(world)
    for member in (dave, world.bob):
        for command, args in (("tournament start", {}), ("tournament add", {"bot": True}),
                              ("tournament add", {"member": dave})):
            result = await member.slash(world.channel, command, **args)
            assert refused(result, "Only the tournament organizer"), (command, result.response.content)
    assert await snapshot(world) == before, "nothing changed"
    await world.alice.slash(world.channel, "tournament start")
    t = await only(world)
    table = t.current_round()["tables"][0]
    label = f"R1-T{table['no']}"
    before = await snapshot(world)
    for member in (dave, world.bob):
        for command, args in (("tournament pause", {}), ("tournament end", {}),
                              ("tournament report", {"table": label, "winner": str(table["players"][0]),
                                                     "reason": "I say so"}),
                              ("tournament disqualify", {"entrant": str(world.carol.id), "reason": "rude"}),
                              ("tournament deadline", {"hours": 1}), ("tournament cancel", {})):
            result = await member.slash(world.channel, command, **args)
            assert refused(result, "Only the tournament organizer"), (command, result.response.content)
    assert await snapshot(world) == before, "nothing changed"
    assert not any(x.content.startswith(("Guarded is paused", "Result:", "Guarded is over")) for x in hub_posts(world))

    # A member with Manage Server names an organizer role; a member holding it may pause.
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    organizers = world.guild.create_role("Organizers")
    erin = world.guild.add_member(world.env.create_user("erin"), roles=[organizers])
    frank = world.guild.add_member(world.env.create_user("frank"), roles=[admins])
    denied = await world.bob.slash(world.channel, "settings organizer_role", role=organizers)
    assert refused(denied, "Only members with Manage Server")
    assert await tournaments(world).organizer_role(world.guild.id) is None
    early = await erin.slash(world.channel, "tournament pause")
    assert refused(early, "Only the tournament organizer")
    named = await frank.slash(world.channel, "settings organizer_role", role=organizers)
    assert named.ephemeral and "may now run tournaments" in named.response.content
    paused = await erin.slash(world.channel, "tournament pause")
    assert paused.ephemeral and paused.response.content == "Done."
    t = await only(world)
    assert t.paused and t.data["log"][-1]["by"] == erin.id
    assert any(x.content.startswith("Guarded is paused by the organizer") for x in hub_posts(world))
    assert "Paused by the organizer" in hub_message(world, t).content
    # The organizer's hand: a table's result set by the creator, told in the hub and the thread.
    winner = table["players"][1]
    done = await world.alice.slash(world.channel, "tournament report", table=label, winner=str(winner),
                                   reason="agreed in chat")
    assert done.ephemeral and done.response.content == "Done."
    t = await only(world)
    reported = t.current_round()["tables"][0]
    assert reported["result"] == [[winner], [table["players"][0]]] and reported["note"] == "reported"
    assert (await world.service.load(table["match_id"])).status == "abandoned"
    thread = next(x for x in world.channel.threads if x.id == table["channel_id"])
    assert "(set by the organizer)" in thread.history()[-1].content
    assert "report R1-T1" in t.data["log"][-1]["what"] and t.data["log"][-1]["reason"] == "agreed in chat"


async def test_bad_input_gets_a_clear_private_reply_and_changes_nothing(world):
    dave, = add_members(world, "dave")
    await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", name="Strict")
    unknown = await world.bob.slash(world.channel, "tournament join", tournament=999)
    assert refused(unknown, "There is no tournament #999")
    assert (await world.bob.slash(world.channel, "tournament join")).ephemeral
    twice = await world.bob.slash(world.channel, "tournament join")
    assert refused(twice, "already entered")
    too_few = await world.alice.slash(world.channel, "tournament start")
    assert refused(too_few, "at least 2 entrants", "it has 1")
    t = await only(world)
    assert t.status == "signup" and [e["id"] for e in t.data["entrants"]] == [world.bob.id]

    await world.carol.slash(world.channel, "tournament join")
    started = await world.alice.slash(world.channel, "tournament start", tournament=t.id)
    assert "round 1 is paired" in started.response.content
    late = await dave.slash(world.channel, "tournament join")
    assert refused(late, "already started")
    before = await snapshot(world)
    past = await world.alice.slash(world.channel, "tournament deadline", hours=-1)
    assert refused(past, "not in the future")
    unknown_table = await world.alice.slash(world.channel, "tournament report", table="R9-T9", reason="typo")
    assert refused(unknown_table, "No table R9-T9")
    assert await snapshot(world) == before, "nothing changed"
    assert not any("Strict" in x.content and "dave" in x.content for x in hub_posts(world))


async def test_check_in_starts_with_those_who_checked_in(world):
    dave, = add_members(world, "dave")
    await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", checkin_minutes=30,
                         name="Roll Call")
    for member in (world.alice, world.bob, world.carol, dave):
        await member.slash(world.channel, "tournament join")
    opened = await world.alice.slash(world.channel, "tournament start")
    assert opened.ephemeral and "Check-in for Roll Call is open" in opened.response.content
    t = await only(world)
    assert t.status == "checkin" and t.current_round() is None
    hub = hub_message(world, t)
    labels = [c.label for row in hub.components for c in row.children]
    assert "Check in" in labels and "Check-in open" in hub.content
    call = [x for x in hub_posts(world) if x.content.startswith("Check-in for Roll Call is open")]
    assert call and all(f"<@{m.id}>" in call[-1].content for m in (world.alice, world.bob, world.carol, dave))
    for member in (world.alice, world.bob, dave):
        checked = await member.click(hub_message(world, t), label="Check in")
        assert checked.ephemeral and "You are checked in for Roll Call" in checked.response.content
    again = await world.bob.click(hub_message(world, t), label="Check in")
    assert refused(again, "already checked in")
    assert hub_message(world, t).content.count("✓") == 3
    await world.env.advance_time(30 * 60)
    await tournaments(world).idle()
    t = await only(world)
    assert t.status == "running"
    assert sorted(e["id"] for e in t.data["entrants"]) == sorted([world.alice.id, world.bob.id, dave.id])
    rnd = t.current_round()
    seated = {p for x in rnd["tables"] for p in x["players"]} | set(rnd["byes"])
    assert seated == {world.alice.id, world.bob.id, dave.id} and len(rnd["byes"]) == 1
    assert world.carol.id not in seated
    assert any(x.content.startswith("Roll Call has started") for x in hub_posts(world))
    assert "not checked in: carol" in t.data["log"][-1]["what"]
    told = [x.content for x in hub_posts(world) if "Not checked in" in x.content]
    assert told and f"<@{world.carol.id}>" in told[-1], "who missed check-in is told in the hub"
    late = await world.carol.slash(world.channel, "tournament checkin")
    assert refused(late, "Check-in is not open")


async def test_the_organizer_reports_every_place_at_a_pods_table(world):
    from tests.behaviour.test_tournament_scenarios import create_and_fill, thread_of
    from gamehost.tournament_service import standings_of
    t = await create_and_fill(world, 4, game="cloudspire", format="pods", rounds=1, name="Report Pods")
    table = t.current_round()["tables"][0]
    a, b, c, d = table["players"]
    order = f"<@{a}> > <@{b}> = <@{c}> > <@{d}>"
    stranger = await world.alice.slash(world.channel, "tournament report", table="R1-T1", reason="x",
                                       order=f"<@{a}> > <@{b}> > <@{c}> > <@999>")
    assert refused(stranger, "No such entrant"), "a name not in the tournament is refused"
    done = await world.alice.slash(world.channel, "tournament report", table="R1-T1", reason="bot crash",
                                   order=order)
    assert done.ephemeral and "Done" in done.response.content
    await tournaments(world).idle()
    t = await only(world)
    assert t.status == "finished" and t.data["schedule"][0]["tables"][0]["result"] == [[a], [b, c], [d]]
    assert [(r.entrant, float(r.points)) for r in standings_of(t)] == [(a, 3), (b, 1.5), (c, 1.5), (d, 0)]
    assert (await world.service.load(table["match_id"])).status == "abandoned", "its match is closed"
    assert any("set by the organizer" in m.content for m in thread_of(world, table).history())
    assert t.data["log"][-1]["reason"] == "bot crash"


async def test_fixed_teams_enter_a_two_versus_two_tournament(world):
    from tests.behaviour.test_tournament_scenarios import resign
    dave, = add_members(world, "dave")
    created = await world.alice.slash(world.channel, "tournament create", game="cloudspire", format="round_robin",
                                      options="mode=teams", teams=True, name="Duo Cup")
    assert created.ephemeral and "Duo Cup" in created.response.content
    alone = await world.bob.slash(world.channel, "tournament join")
    assert refused(alone, "team-mate"), "a team tournament needs a partner"
    await world.alice.slash(world.channel, "tournament join", partner=world.bob)
    taken = await world.carol.slash(world.channel, "tournament join", partner=world.bob)
    assert refused(taken, "already entered")
    await world.carol.slash(world.channel, "tournament join", partner=dave)
    await world.alice.slash(world.channel, "tournament start")
    t = await only(world)
    table = t.current_round()["tables"][0]
    row = await world.service.load(table["match_id"])
    home, away = (t.entrant(e) for e in table["players"])
    assert [s["user_id"] for s in row.seats] == [home["members"][0]["user_id"], away["members"][0]["user_id"],
                                                 home["members"][1]["user_id"], away["members"][1]["user_id"]]
    assert row.state["teams"] == [0, 1, 0, 1], "partners sit on the game's team seats"
    await resign(world, table, away["members"][1]["user_id"])
    await tournaments(world).idle()
    t = await only(world)
    assert t.status == "finished" and t.data["schedule"][0]["tables"][0]["result"] == [[home["id"]], [away["id"]]]
    for member in home["members"]:
        rating = await world.users[member["user_id"]].slash(world.channel, "rating", game="cloudspire")
        assert "ranked games: 1 (1 won" in rating.response.content
