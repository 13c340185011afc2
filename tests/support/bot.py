"""The real bot under test, for the SimCord behaviour tests (fixtures in tests/conftest.py)."""
from bot import create_bot
from gamehost import leases
from gamehost.config import Settings


def make_bot(db_url: str):
    """The bot keeping its matches at ``db_url`` (``sqlite:///…`` or ``postgresql://…``).
    One process alone: no periodic claim of due deadlines on PostgreSQL (SimCord moves its
    clock through every timer, so a 2-second poll would make a day advanced 43,200 steps)."""
    leases.SCHEDULER_PERIOD = 0
    return create_bot(Settings.from_env({"DATABASE_URL": db_url, "LIVE_DECISION_MINUTES": "10",
                                         "ASYNC_DECISION_HOURS": "24", "MATCH_SEED": "7",
                                         "COMMAND_BURST": "0",
                                         "SHARD_COUNT": "1"}))  # SimCord runs one shard


async def close_bot(bot) -> None:
    host = getattr(bot, "host", None)
    if host is not None:
        await host.service.close()
        await host.service.store.close()


class World:
    def __init__(self, env, bot):
        self.env = env
        self.bot = bot
        self.guild = env.create_guild("Tavern")
        self.channel = self.guild.create_text_channel("games")
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))
        self.carol = self.guild.add_member(env.create_user("carol"))
        self.users = {m.id: m for m in (self.alice, self.bob, self.carol)}

    @property
    def service(self):
        return self.env.bot.host.service

    async def match(self, channel=None):
        return await self.service.in_channel((channel or self.channel).id)
