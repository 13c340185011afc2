"""Clash of Decks on Discord: /clash commands, board buttons, private hands and draft picks."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from engine.clash import GAME
from engine.clash.cards import CARDS
from gamehost.i18n import t
from gamehost.service import ServiceError
from gamehost.store import MatchRow
from cogs.host import QUICK, Host, locale_of, seated, send_ephemeral, typed_at
from cogs.game_cog import GameCog
from cogs.items import GameButton, GameSelect, view_of
from cogs.lobby import POLICY_CHOICES, PACE_CHOICES, WHERE_CHOICES, create_match, parse_options_text
from cogs.ui import PrivateMessage
from gamehost.workers import RenderJob
from render import clash as clash_render

SEAT_COLOURS = (discord.Colour.from_rgb(52, 120, 246), discord.Colour.from_rgb(226, 68, 68))


def card_name(card_id: str, locale: str) -> str:
    card = CARDS.get(card_id)
    if card is None:
        return card_id
    return card["name"]["zh" if locale == "zh-CN" else "en"]


def card_line(card_id: str, locale: str) -> str:
    card = CARDS[card_id]
    abilities = " ".join(t(f"clash.ability.{a}", locale) for a in card.get("abilities", []))
    if card["type"] == "creature":
        stats = f"⚔{card['av']} ❤{card['hp']}"
    else:
        stats = t("clash.ui.spell", locale)
    return f"**{card_name(card_id, locale)}** ({card['cost']}💧 {stats}){' · ' + abilities if abilities else ''}"


def split_play(notation: str) -> tuple[str, str]:
    """``"play ember_drake top"`` -> ``("play ember_drake", "top")``; other actions keep their text."""
    parts = notation.split(" ", 2)
    if parts[0] == "play" and len(parts) == 3:
        return f"play {parts[1]}", parts[2]
    if parts[0] == "champion" and len(parts) >= 2:  # summoning the champion works like playing a card
        return "play champion", notation.split(" ", 1)[1]
    return notation, ""


def describe_destination(row: MatchRow, dest: str, locale: str) -> str:
    """Human words for a lane (``top``), a target (``@1.top.1``) or a Possess host (``on @0.top.2``)."""
    possess = dest.startswith("on ")
    ref = dest[3:] if possess else dest
    if not ref.startswith("@"):
        return t(f"clash.ui.lane.{ref}", locale)
    try:
        seat_text, lane, pos = ref[1:].split(".")
        seat, index = int(seat_text), int(pos) - 1
        creature = GAME.view(row.state, None)["lanes"][lane][seat][index]
        who = row.seats[seat]["name"] if seat < len(row.seats) else "AI"
        text = t("clash.ui.target", locale, card=card_name(creature["card"], locale), player=who,
                 lane=t(f"clash.ui.lane.{lane}", locale), pos=index + 1)
    except (ValueError, KeyError, IndexError):
        text = ref
    return t("clash.ui.possess", locale, target=text) if possess else text


class ClashUI:
    game_id = "clash"
    title_key = "game.clash"
    fresh_verbs = {"hand"}  # read-only: works on any board, even a finished match's

    def __init__(self, host: Host):
        self.host = host

    # -- images and embeds ---------------------------------------------------------------

    def seat_names(self, row: MatchRow) -> list[str]:
        names = [s["name"] for s in row.seats]
        if row.options.get("mode") == "solo":
            names.append("AI")
        return names

    def board_job(self, row: MatchRow, locale: str) -> RenderJob:
        return clash_render.board_png, {"view": GAME.view(row.state, None), "seat_names": self.seat_names(row),
                                        "lang": locale}

    def board_png(self, row: MatchRow, locale: str) -> bytes:
        function, kwargs = self.board_job(row, locale)
        return function(**kwargs)

    def board_embed(self, row: MatchRow, locale: str) -> discord.Embed:
        view = GAME.view(row.state, None)
        turn_player = view.get("turn_player")
        colour = SEAT_COLOURS[turn_player] if isinstance(turn_player, int) and turn_player < 2 else None
        embed = discord.Embed(title=t("game.clash", locale) + f" · #{row.id}", colour=colour)
        stage = view.get("stage")
        if stage == "play":
            embed.set_footer(text=t("clash.ui.footer_turn", locale, turn=view.get("turn", 1),
                                    player=self.seat_names(row)[turn_player],
                                    phase=t(f"clash.ui.phase.{view.get('phase') or 'summon'}", locale)))
        else:
            embed.set_footer(text=t(f"clash.ui.stage.{stage}", locale))
        return embed

    def board_items(self, row: MatchRow, locale: str) -> list[discord.ui.Item]:
        view = GAME.view(row.state, None)
        items: list[discord.ui.Item] = []
        if view.get("stage") == "play":
            items.append(GameButton(row.id, row.version, "play", label=t("clash.btn.play", locale),
                                    style=discord.ButtonStyle.primary, emoji="🃏"))
            items.append(GameButton(row.id, row.version, "end", label=t("clash.btn.end", locale),
                                    style=discord.ButtonStyle.danger, emoji="⚔️"))
        elif view.get("stage") in ("deck_choice", "draft", "champion"):
            items.append(GameButton(row.id, row.version, "choose", label=t("clash.btn.choose", locale),
                                    style=discord.ButtonStyle.primary))
        items.append(GameButton(row.id, row.version, "hand", label=t("clash.btn.hand", locale), emoji="🔒"))
        return items

    def options_summary(self, row: MatchRow, locale: str) -> str:
        return " · ".join(f"{k}={v}" for k, v in row.options.items())

    def narrate(self, row: MatchRow, events: list, locale: str) -> list[str]:
        names = self.seat_names(row)
        lines = []
        for event in events:
            params = dict(event.params)
            if "private_to" in params:
                continue
            for key, value in list(params.items()):
                if key in ("card", "target", "attacker", "host") and isinstance(value, str) and value in CARDS:
                    params[key] = card_name(value, locale)
                elif key in ("seat", "player", "owner", "by") and isinstance(value, int) and value < len(names):
                    params[key] = names[value]
                elif key == "lane" and value in ("top", "bottom"):
                    params[key] = t(f"clash.ui.lane.{value}", locale)
                elif key == "ability" and isinstance(value, str):
                    params[key] = t(f"clash.ability.{value}", locale)
            key = f"clash.ev.{event.kind}"
            text = t(key, locale, **params)
            if text != key:
                lines.append(text)
        return lines

    def private_message(self, row: MatchRow, seat: int, locale: str, *, image: bool = True) -> PrivateMessage:
        view = GAME.view(row.state, seat)
        me = view["seats"][seat]
        embed = discord.Embed(title=t("clash.ui.private_title", locale, id=row.id),
                              colour=SEAT_COLOURS[seat % 2])
        lines = []
        for index, slot in enumerate(me.get("hand", []), start=1):
            if slot.get("fort"):
                lines.append(f"`{index:>2}` 🏰 **{t('clash.ui.side.' + slot['side'], locale)}**")
            elif slot.get("card"):
                mark = "▶" if slot.get("playable") else "·"
                lines.append(f"`{index:>2}` {mark} {card_line(slot['card'], locale)}")
        if not lines:
            lines = [t(p.key, locale, **{k: v for k, v in p.params.items() if not isinstance(v, (list, dict))})
                     for p in GAME.prompts(row.state) if p.seat == seat] or [t("clash.ui.not_your_decision", locale)]
        embed.description = "\n".join(lines)
        embed.add_field(name=t("clash.ui.health", locale), value=str(me.get("health", "-")))
        embed.add_field(name=t("clash.ui.mana", locale), value=str(me.get("mana", 0)))
        if me.get("champion"):
            champ = me["champion"]
            embed.add_field(name=t("clash.ui.champion", locale),
                            value=f"{card_name(champ['card'], locale)} · {champ['state']}")
        items = self.decision_items(row, seat, locale)
        png_job = None
        if view.get("stage") == "play" and image:
            png_job = (clash_render.hand_png, {"view": view, "seat": seat, "lang": locale})
        elif view.get("draft"):
            embed.add_field(name=t("clash.ui.revealed", locale), inline=False,
                            value="\n".join(card_line(c, locale) for c in view["draft"]["revealed"]) or "-")
        return PrivateMessage(embed=embed, png_job=png_job, view=view_of(items))

    # -- decisions -----------------------------------------------------------------------

    def legal(self, row: MatchRow, seat: int) -> list[str]:
        return [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]

    def decision_items(self, row: MatchRow, seat: int, locale: str) -> list[discord.ui.Item]:
        """A select of what this seat may do now, for DMs and ephemeral replies."""
        legal = self.legal(row, seat)
        if not legal:
            return []
        stage = GAME.view(row.state, None).get("stage")
        if stage == "play":
            cards = sorted({split_play(a)[0] for a in legal if split_play(a)[0].startswith("play ")})
            if not cards:
                return []
            options = [discord.SelectOption(label=self.card_label(row, seat, c.split(" ", 1)[1], locale)[:100],
                                            value=c[:100],
                                            description=self.card_summary(self.card_id(row, seat, c.split(" ", 1)[1]),
                                                                          locale)[:100])
                       for c in cards[:25]]
            return [GameSelect(row.id, row.version, "card", options=options,
                               placeholder=t("clash.ui.pick_card", locale))]
        if len(legal) > 25:
            return []
        options = [discord.SelectOption(label=self.action_label(a, locale)[:100], value=a[:100]) for a in legal]
        return [GameSelect(row.id, row.version, "do", options=options,
                           placeholder=t("clash.ui.choose", locale))]

    def card_id(self, row: MatchRow, seat: int, card: str) -> str:
        """``champion`` stands for this seat's champion card."""
        if card != "champion":
            return card
        champ = GAME.view(row.state, seat)["seats"][seat].get("champion") or {}
        return champ.get("card", card)

    def card_label(self, row: MatchRow, seat: int, card: str, locale: str) -> str:
        name = card_name(self.card_id(row, seat, card), locale)
        return f"★ {name}" if card == "champion" else name

    def card_summary(self, card_id: str, locale: str) -> str:
        card = CARDS.get(card_id)
        if card is None:
            return ""
        if card["type"] == "creature":
            return f"{card['cost']} mana · AV {card['av']} · HP {card['hp']} · " + ", ".join(
                t(f"clash.ability.{a}", locale) for a in card.get("abilities", []))
        return f"{card['cost']} mana · " + t("clash.ui.spell", locale)

    def action_label(self, notation: str, locale: str) -> str:
        verb, _, rest = notation.partition(" ")
        if verb in ("pick", "choose") and rest in CARDS:
            return f"{card_name(rest, locale)} — {self.card_summary(rest, locale)}"
        if verb == "deck":
            return t("clash.ui.deck", locale, deck=t(f"clash.deck.{rest}", locale))
        return notation

    async def on_component(self, interaction: discord.Interaction, row: MatchRow, verb: str, arg: str,
                           values: list[str]) -> None:
        locale = locale_of(interaction)
        if verb == "hand":
            seat = seated(row, interaction.user.id)
            await self.host.send_private(row, seat, interaction, ephemeral=True)
            return
        seat = seated(row, interaction.user.id)
        if verb == "end":
            outcome = await self.host.service.act(row.id, interaction.user.id, "end", expected_version=row.version)
            await self.host.publish(outcome, interaction)
        elif verb in ("play", "choose"):
            items = self.decision_items(row, seat, locale)
            if not items:
                legal = self.legal(row, seat)
                key = "clash.ui.nothing_playable" if legal else "clash.ui.not_your_decision"
                await send_ephemeral(interaction, t(key, locale))
                return
            await send_ephemeral(interaction, t("clash.ui.choose_prompt", locale), view=view_of(items))
        elif verb == "card":
            chosen = values[0]
            options = [a for a in self.legal(row, seat) if split_play(a)[0] == chosen]
            if len(options) == 1:
                outcome = await self.host.service.act(row.id, interaction.user.id, options[0],
                                                      expected_version=row.version)
                await self.host.publish(outcome, interaction)
                return
            if not options:
                await send_ephemeral(interaction, t("host.stale_board", locale))
                return
            select = [discord.SelectOption(label=describe_destination(row, split_play(a)[1], locale)[:100],
                                           value=a[:100]) for a in options[:25]]
            await send_ephemeral(interaction, t("clash.ui.where", locale,
                                                card=self.card_label(row, seat, chosen.split(" ", 1)[1], locale)),
                                 view=view_of([GameSelect(row.id, row.version, "do", options=select,
                                                          placeholder=t("clash.ui.where_short", locale))]))
        elif verb == "do":
            outcome = await self.host.service.act(row.id, interaction.user.id, values[0],
                                                  expected_version=row.version)
            await self.host.publish(outcome, interaction)
        else:
            raise ServiceError("not_allowed")


MODE_CHOICES = [app_commands.Choice(name=_("duel", key="opt.clash.duel"), value="duel"),
                app_commands.Choice(name=_("solo vs AI", key="opt.clash.solo"), value="solo")]
FORMAT_CHOICES = [app_commands.Choice(name=_("preconstructed", key="opt.clash.precon"), value="precon"),
                  app_commands.Choice(name=_("draft", key="opt.clash.draft"), value="draft"),
                  app_commands.Choice(name=_("constructed", key="opt.clash.constructed"), value="constructed")]


class Clash(GameCog):
    ui_class = ClashUI
    clash = app_commands.Group(name="clash", description=_("Play Clash of Decks", key="cmd.clash"))

    @clash.command(name="new", extras=QUICK, description=_("Create a Clash of Decks match", key="cmd.clash.new"))
    @app_commands.describe(mode=_("Duel against a person or bot, or solo against the rulebook AI", key="arg.mode"),
                           format=_("How decks are built", key="arg.format"),
                           champions=_("Use the Champion module (draft/constructed)", key="arg.champions"),
                           where=_("Here or in a new thread", key="arg.where"),
                           pace=_("live (minutes per decision) or async (hours)", key="arg.pace"),
                           timeout=_("What happens when a player runs out of time", key="arg.timeout"),
                           minutes=_("Minutes per decision (overrides the pace default)", key="arg.minutes"),
                           options=_("More options, e.g. difficulty settings", key="arg.options"))
    @app_commands.choices(mode=MODE_CHOICES, format=FORMAT_CHOICES, where=WHERE_CHOICES, pace=PACE_CHOICES,
                          timeout=POLICY_CHOICES)
    async def new(self, interaction: discord.Interaction, mode: str = "duel", format: str = "precon",
                  champions: bool = False, where: str = "here", pace: str = "live", timeout: str = "auto",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, options: str = "") -> None:
        chosen = {"mode": mode, "format": format, "champions": champions, **parse_options_text(options)}
        await create_match(interaction, "clash", chosen, where, pace, timeout, minutes)

    @clash.command(name="play", description=_("Play a card from your four leftmost cards", key="cmd.clash.play"))
    @app_commands.describe(card=_("A playable card (cost shown)", key="arg.card"),
                           where=_("Lane, target or Possess host", key="arg.where_card"))
    async def play(self, interaction: discord.Interaction, card: str, where: str = "") -> None:
        row, seat = await self.my_match(interaction)
        text = f"champion {where}".strip() if card == "champion" else f"play {card} {where}".strip()
        outcome = await self.host.service.act(row.id, interaction.user.id, text, sent_at=typed_at(interaction))
        await self.host.publish(outcome, interaction)

    @play.autocomplete("card")
    async def play_card_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            row, seat = await self.my_match(interaction)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        seen, choices = set(), []
        for action in self.ui.legal(row, seat):
            head, _dest = split_play(action)
            if not head.startswith("play ") or head in seen:
                continue
            seen.add(head)
            card_id = head.split(" ", 1)[1]
            label = (f"{self.ui.card_label(row, seat, card_id, locale)} — "
                     f"{self.ui.card_summary(self.ui.card_id(row, seat, card_id), locale)}")
            if current.lower() in label.lower() or current.lower() in card_id:
                choices.append(app_commands.Choice(name=label[:100], value=card_id))
        return choices[:25]

    @play.autocomplete("where")
    async def play_where_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            row, seat = await self.my_match(interaction)
        except ServiceError:
            return []
        locale = locale_of(interaction)
        card = interaction.namespace.card or ""
        choices = []
        for action in self.ui.legal(row, seat):
            head, dest = split_play(action)
            if head == f"play {card}" and dest:
                label = describe_destination(row, dest, locale)
                if current.lower() in label.lower() or current in dest:
                    choices.append(app_commands.Choice(name=label[:100], value=dest))
        return choices[:25]

    @clash.command(name="end", description=_("End your summon phase; your creatures attack", key="cmd.clash.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        row, _seat = await self.my_match(interaction)
        outcome = await self.host.service.act(row.id, interaction.user.id, "end", sent_at=typed_at(interaction))
        await self.host.publish(outcome, interaction)

    @clash.command(name="hand", description=_("See your hand privately", key="cmd.clash.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        row, seat = await self.my_match(interaction)
        await self.host.send_private(row, seat, interaction, ephemeral=True)

    @clash.command(name="act", description=_("Any move in notation, e.g. `pick frost_bolt`", key="cmd.clash.act"))
    @app_commands.describe(move=_("The move; suggestions list every legal one", key="arg.move"))
    async def act(self, interaction: discord.Interaction, move: str) -> None:
        row, _seat = await self.my_match(interaction)
        outcome = await self.host.service.act(row.id, interaction.user.id, move, sent_at=typed_at(interaction))
        await self.host.publish(outcome, interaction)

    @act.autocomplete("move")
    async def act_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            row, seat = await self.my_match(interaction)
        except ServiceError:
            return []
        legal = self.ui.legal(row, seat)
        return [app_commands.Choice(name=a[:100], value=a[:100]) for a in legal if current in a][:25]

    @clash.command(name="build", description=_("Constructed: submit your 8 distinct cards", key="cmd.clash.build"))
    @app_commands.describe(cards=_("Eight card ids separated by commas", key="arg.cards"))
    async def build(self, interaction: discord.Interaction, cards: str) -> None:
        row, _seat = await self.my_match(interaction)
        ids = ",".join(c.strip() for c in cards.replace(" ", ",").split(",") if c.strip())
        outcome = await self.host.service.act(row.id, interaction.user.id, f"build {ids}",
                                              sent_at=typed_at(interaction))
        await send_ephemeral(interaction, t("clash.ui.deck_submitted", locale_of(interaction)))
        await self.host.publish(outcome)

    @build.autocomplete("cards")
    async def build_autocomplete(self, interaction: discord.Interaction, current: str):
        locale = locale_of(interaction)
        done, _, partial = current.rpartition(",")
        chosen = {c.strip() for c in done.split(",") if c.strip()}
        prefix = (done + ",") if done else ""
        choices = []
        for card_id, card in CARDS.items():
            if card.get("champion") or card_id in chosen:
                continue
            if partial.strip().lower() in card_id or partial.strip().lower() in card_name(card_id, locale).lower():
                value = prefix + card_id
                choices.append(app_commands.Choice(name=f"{value} ({card_name(card_id, locale)})"[-100:],
                                                   value=value[:100]))
        return choices[:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Clash(bot))
