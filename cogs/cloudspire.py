"""Cloudspire on Discord: /cloudspire commands, the board's buttons, drill-down menus of
legal moves, private views (stacks, relics, landmark peeks) and standing policies.

Rules live in engine/cloudspire; this module only turns clicks and commands into moves
in the engine's notation and engine views into Discord messages."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from engine.cloudspire import GAME
from engine.cloudspire.content import load
from engine.cloudspire.state import POLICIES
from gamehost.i18n import t
from gamehost.service import Outcome, ServiceError
from gamehost.store import MatchRow
from cogs import choices
from cogs.cloudspire_words import Board, content_name, move_label, narrate_event, word_label
from cogs.host import QUICK, Host, locale_of, seated, send_ephemeral, typed_at
from cogs.game_cog import GameCog
from cogs.items import GameButton, GameSelect, view_of
from cogs.lobby import PACE_CHOICES, POLICY_CHOICES, WHERE_CHOICES, create_match, parse_options_text
from cogs.ui import PrivateMessage
from gamehost.workers import RenderJob
from render import cloudspire as cloudspire_render

FACTION_COLOURS = {"grey": (150, 150, 160), "green": (70, 160, 90), "purple": (150, 90, 200),
                   "blue": (70, 130, 220)}
# Moves that only change a player's hidden plans (the deployment stack being assembled,
# standing policies): answered privately, no public board.
QUIET_VERBS = {"add", "join", "equip", "undo", "autostack", "pol"}
# What "Continue" means, in order of preference, for whichever of them is legal.
CONTINUE_MOVES = ("next", "end", "skip", "pass", "lock")


class CloudspireUI:
    game_id = "cloudspire"
    title_key = "game.cloudspire"
    # Buttons that only open a private view or a menu of the current choices work on any
    # board message; buttons that make a move check the board's version.
    fresh_verbs = {"view", "menu"}

    def __init__(self, host: Host):
        self.host = host

    # -- helpers -------------------------------------------------------------------------

    def names(self, row: MatchRow) -> list[str]:
        return [s["name"] for s in row.seats]

    def board(self, row: MatchRow, viewer: int | None) -> Board:
        return Board(GAME.view(row.state, viewer), self.names(row))

    def legal(self, row: MatchRow, seat: int) -> list[str]:
        return [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]

    def continue_move(self, legal: list[str]) -> str | None:
        for move in CONTINUE_MOVES:
            if move in legal:
                return move
        return None

    # -- public board --------------------------------------------------------------------

    def board_job(self, row: MatchRow, locale: str) -> RenderJob:
        return cloudspire_render.render_board, {"view": GAME.view(row.state, None), "seat_names": self.names(row),
                                                "lang": locale}

    def board_png(self, row: MatchRow, locale: str) -> bytes:
        function, kwargs = self.board_job(row, locale)
        return function(**kwargs)

    def board_embed(self, row: MatchRow, locale: str) -> discord.Embed:
        view = GAME.view(row.state, None)
        colour = None
        if view["active"]:
            faction = view["factions"][view["active"][0]]
            rgb = FACTION_COLOURS.get(load()["factions"].get(faction, {}).get("colour")) if faction else None
            colour = discord.Colour.from_rgb(*rgb) if rgb else None
        embed = discord.Embed(title=t("game.cloudspire", locale) + f" · #{row.id}", colour=colour)
        embed.set_footer(text=t("cloudspire.ui.footer", locale, wave=view["wave"], last=view["last_wave"],
                                phase=t(f"cloudspire.phase.{view['phase']}", locale), round=view["round"]))
        return embed

    def board_items(self, row: MatchRow, locale: str) -> list[discord.ui.Item]:
        return [GameButton(row.id, row.version, "menu", label=t("cloudspire.btn.act", locale),
                           style=discord.ButtonStyle.primary, emoji="🎯"),
                GameButton(row.id, row.version, "next", label=t("cloudspire.btn.continue", locale), emoji="⏭️"),
                GameButton(row.id, row.version, "view", label=t("cloudspire.btn.view", locale), emoji="🔒")]

    def options_summary(self, row: MatchRow, locale: str) -> str:
        return " · ".join(f"{k}={v}" for k, v in row.options.items())

    def narrate(self, row: MatchRow, events: list, locale: str) -> list[str]:
        board = self.board(row, None)
        lines = [narrate_event(board, e.kind, e.params, locale) for e in events]
        return [line for line in lines if line]

    # -- private view --------------------------------------------------------------------

    def private_message(self, row: MatchRow, seat: int, locale: str, *, image: bool = True) -> PrivateMessage:
        view = GAME.view(row.state, seat)
        board = Board(view, self.names(row))
        me = view["players"][seat]
        faction = me["faction"]
        rgb = FACTION_COLOURS.get(load()["factions"].get(faction, {}).get("colour")) if faction else None
        embed = discord.Embed(title=t("cloudspire.ui.private_title", locale, id=row.id),
                              colour=discord.Colour.from_rgb(*rgb) if rgb else None)
        lines = []
        for prompt in GAME.prompts(row.state):
            if prompt.seat == seat:
                params = {k: v for k, v in prompt.params.items() if not isinstance(v, (list, dict))}
                lines.append("👉 " + t(prompt.key, locale, **params))
        if not lines:
            lines.append(t("cloudspire.ui.waiting", locale))
        peek = (view.get("turn") or {}).get("peek")
        if peek:
            lines.append(t("cloudspire.ui.peek", locale, pos=peek["pos"], type=content_name(peek["type"], locale),
                           detail=self.landmark_detail(peek["type"], locale)))
        known = [lm for lm in view["landmarks"] if lm.get("known") and not lm.get("revealed")]
        if known:
            lines.append(t("cloudspire.ui.known", locale, landmarks=", ".join(
                f"{lm['pos']} {content_name(lm['type'], locale)}" for lm in known)))
        prep = view.get("prep") or {}
        if prep.get("own"):
            entries = [" + ".join(content_name(x, locale) for x in e["types"]) for e in prep["own"]]
            lines.append(t("cloudspire.ui.stack_building", locale, entries=" › ".join(entries)))
        own_stack = view["stacks"][seat].get("entries") or []
        if own_stack:
            lines.append(t("cloudspire.ui.stack_locked", locale, entries=" › ".join(
                content_name(u["type"], locale) for u in own_stack)))
        for s, entries in (prep.get("earlier") or {}).items():
            lines.append(t("cloudspire.ui.stack_earlier", locale, seat=board.seat(int(s), locale),
                           entries=" › ".join(" + ".join(content_name(x, locale) for x in e.get("types", []))
                                              for e in entries)))
        if me.get("relics"):
            lines.append(t("cloudspire.ui.relics", locale, relics=", ".join(
                content_name(r, locale) for r in me["relics"])))
        policy = me.get("policy") or {}
        if policy:
            lines.append(t("cloudspire.ui.policies", locale, **{k: t(f"cloudspire.policy.{k}.{v}", locale)
                                                                   for k, v in policy.items()}))
        embed.description = "\n".join(lines)
        embed.add_field(name=t("cloudspire.ui.source", locale), value=f"{me['source']}/{me['cap']}")
        embed.add_field(name=t("cloudspire.ui.gate", locale), value=str(me["gate"]))
        if view["phase"] == "prep":
            embed.add_field(name="CP", value=str(me["cp"]))
        png_job = (cloudspire_render.render_private, {"view": view, "seat": seat, "lang": locale}) if image else None
        return PrivateMessage(embed=embed, png_job=png_job, view=view_of(self.decision_items(row, seat, locale)))

    def landmark_detail(self, landmark: str, locale: str) -> str:
        lm = load()["landmarks"].get(landmark, {})
        kind = t(f"cloudspire.ui.landmark_kind.{lm.get('kind', 'inert')}", locale)
        return f"{kind}, ❤{lm['hp']}" if lm.get("hp") else kind

    # -- menus ---------------------------------------------------------------------------

    def menu_items(self, row: MatchRow, seat: int, locale: str, prefix: tuple[str, ...] = (),
                   page: int = 0) -> list[discord.ui.Item]:
        legal = self.legal(row, seat)
        if not legal:
            return []
        board = self.board(row, seat)
        menu = choices.level(legal, prefix, page)
        options = []
        for option in menu.options:
            words = list(menu.prefix) + [option.word]
            label = word_label(board, words, len(words) - 1, locale)
            description = move_label(board, option.value[1:], locale) if option.complete else None
            options.append(discord.SelectOption(label=label[:100], value=option.value[:100],
                                                description=description[:100] if description else None))
        if menu.more:
            options.append(discord.SelectOption(label=t("cloudspire.ui.more", locale),
                                                value=choices.encode_level(menu.prefix, page + 1)))
        if not options:
            return []
        placeholder = (t("cloudspire.ui.choose", locale) if not menu.prefix
                       else move_label(board, " ".join(menu.prefix), locale) + " …")
        return [GameSelect(row.id, row.version, "pick", options=options, placeholder=placeholder[:150])]

    def decision_items(self, row: MatchRow, seat: int, locale: str) -> list[discord.ui.Item]:
        legal = self.legal(row, seat)
        if not legal:
            return []
        if legal == ["reveal", "hide"]:
            return [GameButton(row.id, row.version, "do", arg="reveal", label=t("cloudspire.btn.reveal", locale),
                               style=discord.ButtonStyle.success, emoji="👁️"),
                    GameButton(row.id, row.version, "do", arg="hide", label=t("cloudspire.btn.hide", locale),
                               emoji="🙈")]
        items = self.menu_items(row, seat, locale)
        if self.continue_move(legal):
            items.append(GameButton(row.id, row.version, "next", label=t("cloudspire.btn.continue", locale),
                                    emoji="⏭️"))
        items.append(GameButton(row.id, row.version, "auto", label=t("cloudspire.btn.default", locale),
                                emoji="🤖"))
        return items

    # -- components ----------------------------------------------------------------------

    async def on_component(self, interaction: discord.Interaction, row: MatchRow, verb: str, arg: str,
                           values: list[str]) -> None:
        locale = locale_of(interaction)
        seat = seated(row, interaction.user.id)
        if verb == "view":
            await self.host.send_private(row, seat, interaction, ephemeral=True)
        elif verb == "menu":
            items = self.decision_items(row, seat, locale)
            if not items:
                await send_ephemeral(interaction, self.not_yours(row, locale))
                return
            await send_ephemeral(interaction, t("cloudspire.ui.menu", locale), view=view_of(items))
        elif verb == "pick":
            value = values[0]
            if value.startswith("="):
                await self.perform(interaction, row, seat, value[1:], expected_version=row.version)
                return
            prefix, page = choices.decode_level(value)
            items = self.menu_items(row, seat, locale, prefix, page)
            if not items:
                await send_ephemeral(interaction, t("host.stale_board", locale))
                return
            await send_ephemeral(interaction, t("cloudspire.ui.menu", locale), view=view_of(items))
        elif verb == "do":
            await self.perform(interaction, row, seat, arg, expected_version=row.version)
        elif verb == "next":
            move = self.continue_move(self.legal(row, seat))
            if move is None:
                await send_ephemeral(interaction, self.no_continue(row, seat, locale))
                return
            await self.perform(interaction, row, seat, move, expected_version=row.version)
        elif verb == "auto":
            if seat not in {p.seat for p in GAME.prompts(row.state)}:
                await send_ephemeral(interaction, self.not_yours(row, locale))
                return
            move = GAME.format_action(GAME.timeout_action(row.state, seat))
            await self.perform(interaction, row, seat, move, expected_version=row.version)
        else:
            raise ServiceError("not_allowed")

    def not_yours(self, row: MatchRow, locale: str) -> str:
        waiting = sorted({p.seat for p in GAME.prompts(row.state)})
        return t("cloudspire.ui.not_your_decision", locale,
                 players=", ".join(self.names(row)[s] for s in waiting if s < len(row.seats)) or "-")

    def no_continue(self, row: MatchRow, seat: int, locale: str) -> str:
        legal = self.legal(row, seat)
        if not legal:
            return self.not_yours(row, locale)
        shown = ", ".join(f"`{m}`" for m in legal[:8]) + (" …" if len(legal) > 8 else "")
        return t("cloudspire.ui.must_choose", locale, moves=shown)

    # -- acting --------------------------------------------------------------------------

    async def perform(self, interaction: discord.Interaction, row: MatchRow, seat: int, move: str, *,
                      expected_version: int | None = None) -> Outcome:
        """Apply one move and show its result to whoever should see it."""
        outcome = await self.host.service.act(row.id, interaction.user.id, move, expected_version=expected_version,
                                              sent_at=typed_at(interaction))
        verb = move.split()[0] if move.split() else ""
        if verb in QUIET_VERBS and not outcome.prompted_changed and outcome.result is None:
            await self.host.send_private(outcome.match, seat, interaction, ephemeral=True, image=False)
            return outcome
        if interaction.channel_id != row.channel_id:
            # a button in a DM: the board belongs in the match's channel, the DM gets a short note
            await send_ephemeral(interaction, t("cloudspire.ui.done", locale_of(interaction)))
            await self.host.publish(outcome)
        else:
            await self.host.publish(outcome, interaction)
        new = outcome.match
        if verb == "explore" and new.status == "active" and (GAME.view(new.state, seat).get("turn") or {}).get("peek"):
            await self.host.send_private(new, seat)  # the landmark's face, by DM only
        return outcome


# -- slash commands -----------------------------------------------------------------------

def _choices(values, key_prefix: str) -> list[app_commands.Choice]:
    return [app_commands.Choice(name=_(str(v), key=f"{key_prefix}.{v}"), value=str(v)) for v in values]


MODE_CHOICES = _choices(["ffa", "teams"], "opt.cloudspire.mode")
MAP_CHOICES = _choices(["random", "guided", "tutorial"], "opt.cloudspire.map")
FACTION_CHOICES = _choices(["random", "pick"], "opt.cloudspire.factions")
ONOFF_CHOICES = _choices(["on", "off"], "opt.onoff")
SPIRE_POLICY_CHOICES = _choices(POLICIES["spire"], "opt.cloudspire.spire")
AUTO_MANUAL_CHOICES = _choices(["auto", "manual"], "opt.cloudspire.automanual")
STACK_CHOICES = _choices(["lock", "undo", "autostack"], "opt.cloudspire.stack")
PEEK_CHOICES = _choices(["reveal", "hide"], "opt.cloudspire.peek")
class Cloudspire(GameCog):
    ui_class = CloudspireUI
    cs = app_commands.Group(name="cloudspire", description=_("Play Cloudspire", key="cmd.cloudspire"))

    async def act(self, interaction: discord.Interaction, move: str) -> None:
        row, seat = await self.my_match(interaction)
        await self.ui.perform(interaction, row, seat, move)

    async def suggest(self, interaction: discord.Interaction, verbs: tuple[str, ...], position: int,
                      filled: list[str], current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete: the legal words at ``position`` of moves with one of ``verbs``."""
        try:
            row, seat = await self.my_match(interaction)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        board = self.ui.board(row, seat)
        out, seen = [], set()
        for verb in verbs:
            legal = [m for m in self.ui.legal(row, seat) if m.split()[0] == verb]
            for word in choices.completions(legal, [verb] + filled, position):
                if word in seen:
                    continue
                seen.add(word)
                label = word_label(board, [verb] + filled[:position - 1] + [word], position, locale)
                if current.lower() in label.lower() or current.lower() in word.lower():
                    out.append(app_commands.Choice(name=label[:100], value=word[:100]))
        return out[:25]

    # -- creating ------------------------------------------------------------------------

    @cs.command(name="new", extras=QUICK, description=_("Create a Cloudspire match (2-4 players)", key="cmd.cloudspire.new"))
    @app_commands.describe(mode=_("Free for all, or 2 vs 2 (4 players)", key="arg.cs_mode"),
                           map=_("Random map, guided set-up, or the tutorial layout (2 players)", key="arg.cs_map"),
                           factions=_("Random factions or pick them in turn", key="arg.cs_factions"),
                           events=_("Play with the event deck", key="arg.cs_events"),
                           waves=_("Number of waves (5+ is the longer game)", key="arg.cs_waves"),
                           spire_policy=_("Default targeting of spires in other players' turns",
                                          key="arg.cs_spire_policy"),
                           where=_("Here or in a new thread", key="arg.where"),
                           pace=_("live (minutes per decision) or async (hours)", key="arg.pace"),
                           timeout=_("What happens when a player runs out of time", key="arg.timeout"),
                           minutes=_("Minutes per decision (overrides the pace default)", key="arg.minutes"),
                           options=_("More options, e.g. faster_market=on relics=first_game", key="arg.options"))
    @app_commands.choices(mode=MODE_CHOICES, map=MAP_CHOICES, factions=FACTION_CHOICES, events=ONOFF_CHOICES,
                          spire_policy=SPIRE_POLICY_CHOICES, where=WHERE_CHOICES, pace=PACE_CHOICES,
                          timeout=POLICY_CHOICES)
    async def new(self, interaction: discord.Interaction, mode: str = "ffa", map: str = "random",
                  factions: str = "random", events: str = "on", waves: app_commands.Range[int, 4, 8] = 4,
                  spire_policy: str = "lowest_health", where: str = "here", pace: str = "async",
                  timeout: str = "auto", minutes: app_commands.Range[int, 1, 10080] | None = None,
                  options: str = "") -> None:
        chosen = {"mode": mode, "map": map, "factions": factions, "events": events, "waves": waves,
                  "spire_policy": spire_policy, **parse_options_text(options)}
        await create_match(interaction, "cloudspire", chosen, where, pace, timeout, minutes)

    # -- market and build ----------------------------------------------------------------

    @cs.command(name="buy", description=_("Market: buy a chip or the earthscape", key="cmd.cloudspire.buy"))
    @app_commands.describe(item=_("A chip you can afford now", key="arg.cs_item"))
    async def buy(self, interaction: discord.Interaction, item: str) -> None:
        await self.act(interaction, f"buy {item}")

    @buy.autocomplete("item")
    async def buy_item(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("buy",), 1, [], current)

    @cs.command(name="pass", description=_("Market: pass", key="cmd.cloudspire.pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "pass")

    @cs.command(name="build", description=_("Build a spire on a Source well", key="cmd.cloudspire.build"))
    @app_commands.describe(spire=_("Spire type (+ = promoted side)", key="arg.cs_spire"),
                           at=_("A well where you may build", key="arg.cs_at"),
                           order=_("Initial upgrade chips, top first", key="arg.cs_order"))
    async def build(self, interaction: discord.Interaction, spire: str, at: str, order: str) -> None:
        await self.act(interaction, f"build {spire} {at} {order}")

    @build.autocomplete("spire")
    async def build_spire(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("build",), 1, [], current)

    @build.autocomplete("at")
    async def build_at(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("build",), 2, [interaction.namespace.spire or ""], current)

    @build.autocomplete("order")
    async def build_order(self, interaction: discord.Interaction, current: str):
        ns = interaction.namespace
        return await self.suggest(interaction, ("build",), 3, [ns.spire or "", ns.at or ""], current)

    @cs.command(name="upgrade", description=_("Add upgrade chips to the bottom of a spire", key="cmd.cloudspire.up"))
    @app_commands.describe(at=_("Your spire", key="arg.cs_spire_at"),
                           chips=_("Chips to add, in order (a, r, f)", key="arg.cs_chips"))
    async def upgrade(self, interaction: discord.Interaction, at: str, chips: str) -> None:
        await self.act(interaction, f"up {at} {chips}")

    @upgrade.autocomplete("at")
    async def upgrade_at(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("up",), 1, [], current)

    @upgrade.autocomplete("chips")
    async def upgrade_chips(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("up",), 2, [interaction.namespace.at or ""], current)

    @cs.command(name="earthscape", description=_("Place an earthscape you bought", key="cmd.cloudspire.es"))
    @app_commands.describe(tile=_("The earthscape", key="arg.cs_tile"), at=_("Where its first hex goes", key="arg.cs_at"),
                           rotation=_("Rotation 0-5", key="arg.cs_rotation"))
    async def earthscape(self, interaction: discord.Interaction, tile: str, at: str, rotation: str) -> None:
        await self.act(interaction, f"es {tile} {at} {rotation}")

    @earthscape.autocomplete("tile")
    async def es_tile(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("es",), 1, [], current)

    @earthscape.autocomplete("at")
    async def es_at(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("es",), 2, [interaction.namespace.tile or ""], current)

    @earthscape.autocomplete("rotation")
    async def es_rotation(self, interaction: discord.Interaction, current: str):
        ns = interaction.namespace
        return await self.suggest(interaction, ("es",), 3, [ns.tile or "", ns.at or ""], current)

    @cs.command(name="advance", description=_("Advance a fortress structure", key="cmd.cloudspire.adv"))
    @app_commands.describe(structure=_("An advancement you can afford", key="arg.cs_structure"))
    async def advance(self, interaction: discord.Interaction, structure: str) -> None:
        await self.act(interaction, f"adv {structure}")

    @advance.autocomplete("structure")
    async def advance_structure(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("adv",), 1, [], current)

    # -- prep ----------------------------------------------------------------------------

    @cs.command(name="mark", description=_("Declare your mark (3-4 players)", key="cmd.cloudspire.mark"))
    @app_commands.describe(player=_("The player whose gate you march on", key="arg.cs_player"))
    async def mark(self, interaction: discord.Interaction, player: str) -> None:
        await self.act(interaction, f"mark {player}")

    @mark.autocomplete("player")
    async def mark_player(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("mark",), 1, [], current)

    @cs.command(name="deploy", description=_("Prep: put a unit on your hidden deployment stack",
                                             key="cmd.cloudspire.deploy"))
    @app_commands.describe(unit=_("A unit you can pay for", key="arg.cs_unit"),
                           group=_("Add this minion to the group on top instead", key="arg.cs_group"))
    async def deploy(self, interaction: discord.Interaction, unit: str, group: bool = False) -> None:
        await self.act(interaction, f"{'join' if group else 'add'} {unit}")

    @deploy.autocomplete("unit")
    async def deploy_unit(self, interaction: discord.Interaction, current: str):
        verb = ("join",) if getattr(interaction.namespace, "group", False) else ("add",)
        return await self.suggest(interaction, verb, 1, [], current)

    @cs.command(name="equip", description=_("Prep: give a bought item to a hero on your stack",
                                            key="cmd.cloudspire.equip"))
    @app_commands.describe(item=_("The item", key="arg.cs_item"), hero=_("The hero", key="arg.cs_hero"))
    async def equip(self, interaction: discord.Interaction, item: str, hero: str) -> None:
        await self.act(interaction, f"equip {item} {hero}")

    @equip.autocomplete("item")
    async def equip_item(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("equip",), 1, [], current)

    @equip.autocomplete("hero")
    async def equip_hero(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("equip",), 2, [interaction.namespace.item or ""], current)

    @cs.command(name="stack", description=_("Prep: lock your stack, undo the last entry, or fill it automatically",
                                            key="cmd.cloudspire.stack"))
    @app_commands.describe(do=_("What to do with your stack", key="arg.cs_stack"))
    @app_commands.choices(do=STACK_CHOICES)
    async def stack(self, interaction: discord.Interaction, do: str) -> None:
        await self.act(interaction, do)

    # -- onslaught -----------------------------------------------------------------------

    @cs.command(name="move", description=_("Move a hero, or choose the lead minion's move", key="cmd.cloudspire.move"))
    @app_commands.describe(unit=_("Your unit", key="arg.cs_unit"), to=_("A legal destination", key="arg.cs_to"))
    async def move(self, interaction: discord.Interaction, unit: str, to: str) -> None:
        row, seat = await self.my_match(interaction)
        verbs = {m.split()[1]: m.split()[0] for m in self.ui.legal(row, seat) if m.split()[0] in ("mv", "mm")}
        verb = verbs.get(unit, "mv")
        await self.ui.perform(interaction, row, seat, f"{verb} {unit} {to}")

    @move.autocomplete("unit")
    async def move_unit(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("mv", "mm"), 1, [], current)

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("mv", "mm"), 2, [interaction.namespace.unit or ""], current)

    @cs.command(name="explore", description=_("Explore a landmark next to your hero", key="cmd.cloudspire.explore"))
    @app_commands.describe(at=_("A face-down landmark you can explore", key="arg.cs_landmark"))
    async def explore(self, interaction: discord.Interaction, at: str) -> None:
        await self.act(interaction, f"explore {at}")

    @explore.autocomplete("at")
    async def explore_at(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("explore",), 1, [], current)

    @cs.command(name="peek", description=_("After exploring: reveal the landmark or keep it face down",
                                           key="cmd.cloudspire.peek"))
    @app_commands.describe(choice=_("Reveal or keep face down", key="arg.cs_peek"))
    @app_commands.choices(choice=PEEK_CHOICES)
    async def peek(self, interaction: discord.Interaction, choice: str) -> None:
        await self.act(interaction, choice)

    @cs.command(name="attack", description=_("Attack with one of your units", key="cmd.cloudspire.attack"))
    @app_commands.describe(unit=_("Your unit", key="arg.cs_unit"), target=_("A target in range", key="arg.cs_target"))
    async def attack(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        await self.act(interaction, f"atk {unit} {target}")

    @attack.autocomplete("unit")
    async def attack_unit(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("atk",), 1, [], current)

    @attack.autocomplete("target")
    async def attack_target(self, interaction: discord.Interaction, current: str):
        return await self.suggest(interaction, ("atk",), 2, [interaction.namespace.unit or ""], current)

    @cs.command(name="end", description=_("End this step: stop building, continue, or end your turn",
                                          key="cmd.cloudspire.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        row, seat = await self.my_match(interaction)
        move = self.ui.continue_move(self.ui.legal(row, seat))
        if move is None:
            await send_ephemeral(interaction, "⚠️ " + self.ui.no_continue(row, seat, locale_of(interaction)))
            return
        await self.ui.perform(interaction, row, seat, move)

    # -- any move, views, policies -------------------------------------------------------

    @cs.command(name="act", description=_("Any move in notation, e.g. `relic war_horn`", key="cmd.cloudspire.act"))
    @app_commands.describe(move=_("The move; suggestions list every legal one", key="arg.move"))
    async def act_any(self, interaction: discord.Interaction, move: str) -> None:
        await self.act(interaction, move)

    @act_any.autocomplete("move")
    async def act_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            row, seat = await self.my_match(interaction)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        board = self.ui.board(row, seat)
        out = []
        for move in self.ui.legal(row, seat):
            if current.lower() in move.lower():
                out.append(app_commands.Choice(name=f"{move} — {move_label(board, move, locale)}"[:100],
                                               value=move[:100]))
        return out[:25]

    @cs.command(name="menu", description=_("Your choices now, as a menu", key="cmd.cloudspire.menu"))
    async def menu(self, interaction: discord.Interaction) -> None:
        row, seat = await self.my_match(interaction)
        locale = locale_of(interaction)
        items = self.ui.decision_items(row, seat, locale)
        if not items:
            await send_ephemeral(interaction, self.ui.not_yours(row, locale))
            return
        await send_ephemeral(interaction, t("cloudspire.ui.menu", locale), view=view_of(items))

    @cs.command(name="view", description=_("Your private view: stack, relics, landmarks you peeked",
                                           key="cmd.cloudspire.view"))
    async def view(self, interaction: discord.Interaction) -> None:
        row, seat = await self.my_match(interaction)
        await self.host.send_private(row, seat, interaction, ephemeral=True)

    @cs.command(name="policy", description=_("Standing choices for decisions in other players' turns",
                                             key="cmd.cloudspire.policy"))
    @app_commands.describe(spire=_("How your spires pick targets", key="arg.cs_pol_spire"),
                           levelup=_("Hero level-ups: automatic or ask me", key="arg.cs_pol_levelup"),
                           reward=_("Free-spire rewards: automatic or ask me", key="arg.cs_pol_reward"),
                           mark=_("Marks: automatic or ask me", key="arg.cs_pol_mark"))
    @app_commands.choices(spire=SPIRE_POLICY_CHOICES, levelup=AUTO_MANUAL_CHOICES, reward=AUTO_MANUAL_CHOICES,
                          mark=AUTO_MANUAL_CHOICES)
    async def policy(self, interaction: discord.Interaction, spire: str | None = None, levelup: str | None = None,
                     reward: str | None = None, mark: str | None = None) -> None:
        row, seat = await self.my_match(interaction)
        locale = locale_of(interaction)
        wanted = {k: v for k, v in (("spire", spire), ("levelup", levelup), ("reward", reward), ("mark", mark))
                  if v is not None}
        for key, value in wanted.items():
            outcome = await self.host.service.act(row.id, interaction.user.id, f"pol {key} {value}")
            row = outcome.match
        current = GAME.view(row.state, seat)["players"][seat]["policy"]
        await send_ephemeral(interaction, t("cloudspire.ui.policies", locale, **{
            k: t(f"cloudspire.policy.{k}.{v}", locale) for k, v in current.items()}))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cloudspire(bot))
