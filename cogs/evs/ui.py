"""The Empire vs Steppe adapter the host calls: board embed and picture, narration, private
views (hand, discard, command zone, secret pick, the defence summary), the board's buttons and
the Act menu's words. It reads snapshots (views, prompts, the engine's move metadata), never
the stored state.

The Act menu is the kit's (cogs/act_menu.py: the first steps of the legal moves, each step's
endings, paging, Continue and Default); this game gives its words (*Play Forward Strike*,
*Attack bob's Legionary u3*; the endings' destination, attackers, unit and cards to pay), the
Continue button's words per move (``evs.btn.continue.<verb>``) and its payment menus: when the
endings with a payment are too many for one select, the unit is one select per unit (``max 5``)
whose options are the cards that may pay, chosen together (a multi-select of exactly the cost;
component verb ``pay``, and ``g|PREFIX`` opens one unit's when there are more units than rows).
The board's Command zone button (``zone``) shows the opponent's command zone."""
from __future__ import annotations

import importlib

import discord

from engine.base import ActionInfo
from engine.evs.content import COMMANDS, FACTIONS, UNITS
from gamehost.i18n import t
from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot, Snapshot
from gamehost.workers import RenderJob
from cogs.act_menu import MAX_OPTIONS, ActMenu, clip, page_of
from cogs.evs.narrate import narrate_events
from cogs.evs.words import Board, arg_words, arg_label, content_name, defence_summary, move_label, tail_label
from cogs.evs.words import head_label as evs_head_label
from cogs.host import Host, locale_of, send_ephemeral
from cogs.items import GameButton, GameSelect, view_of
from cogs.move_args import token
from cogs.ui import PrivateMessage

RENDER_MODULE = "render.evs"
PAY_ROWS = 5         # selects per message (Discord: 5 rows)

def renderer():
    """The drawing package (imported when first needed: the cog works without it)."""
    return importlib.import_module(RENDER_MODULE)


def faction_colour(faction: str | None) -> discord.Colour | None:
    colour = (FACTIONS.get(faction) or {}).get("colour") if faction else None
    if isinstance(colour, str) and colour.startswith("#") and len(colour) == 7:
        return discord.Colour(int(colour[1:], 16))
    return None


def copy_number(head: str) -> int | None:
    """The number of the copy a move's first step names (1 for ``legionary``, 2 for
    ``legionary_2``) when its unit card has copies of the same name; else None."""
    for word in head.split()[1:]:
        card = UNITS.get(word)
        if card is not None:
            same = [ident for ident, other in UNITS.items() if other.get("name") == card.get("name")]
            if len(same) > 1:
                return same.index(word) + 1
    return None

class EvsUI(ActMenu):
    game_id = "evs"
    title_key = "game.evs"
    # Buttons that only open a private view, a menu of the current choices or the opponent's
    # command zone work on any board message; buttons that make a move check the version.
    fresh_verbs = {"view", "menu", "zone"}

    def __init__(self, host: Host):
        self.host = host

    def seat_names(self, snap: Snapshot) -> list[str]:
        return snap.names

    def board(self, mine: SeatSnapshot) -> Board:
        return Board(mine.view, mine.match.names, mine.seat)

    # -- public board --------------------------------------------------------------------

    def board_job(self, snap: Snapshot, locale: str) -> RenderJob:
        return renderer().board_png, {"view": snap.view, "seat_names": snap.names, "lang": locale}

    def board_embed(self, snap: Snapshot, locale: str) -> discord.Embed:
        view = snap.view
        board = Board(view, snap.names)
        waiting = snap.waiting
        colour = faction_colour(board.faction(waiting[0])) if len(waiting) == 1 else None
        embed = discord.Embed(title=t("game.evs", locale) + f" · #{snap.match_id}", colour=colour)
        for seat, player in enumerate(view.get("players") or []):  # side by side: the board comes after
            embed.add_field(name=clip(f"{board.seat(seat, locale)} · {content_name(player['faction'], locale)}", 256),
                            value=clip(self.player_summary(board, seat, locale), 1024), inline=True)
        pending = view.get("pending") or {}
        if pending.get("kind") == "defence":
            embed.add_field(name=t("evs.ui.defence_window", locale),
                            value=clip(defence_summary(board, pending, locale), 1024), inline=False)
        elif pending:  # a terrain penalty, a flip, a drawn morale card, a tokens or heal effect
            asked = [p for p in snap.prompts if p.seat == pending.get("seat")]
            if asked:
                embed.add_field(name=t("evs.ui.decision", locale, seat=board.seat(pending.get("seat"), locale)),
                                value=clip(self.prompt_text(board, asked[0], locale), 1024), inline=False)
        embed.set_footer(text=self.footer(view, board, locale))
        return embed

    def footer(self, view: dict, board: Board, locale: str) -> str:
        phase = view.get("phase")
        if phase == "turn":
            declared = view.get("declared")
            plan = (t("evs.ui.plan", locale, first=t(f"evs.basic.{declared[0]}", locale),
                      second=t(f"evs.basic.{declared[1]}", locale)) if declared else t("evs.ui.declaring", locale))
            return t("evs.ui.footer_turn", locale, turn=view.get("turn"), player=board.seat(view.get("active"), locale),
                     plan=plan)
        return t(f"evs.ui.phase.{phase}", locale)

    def player_summary(self, board: Board, seat: int, locale: str) -> str:
        """One player's public side: morale, hand and pile counts, the command zone (revealed
        and face-up cards by name, the others as ▢), units lost. The units on the battlefield
        are not listed: the board beside draws each with its square and health, and a list of
        them pushed the board below a phone's screen."""
        p = board.view["players"][seat]
        zone = []
        for entry in p.get("zone") or []:
            public = entry.get("revealed") or entry.get("face_up")  # face-up: ES-DEP-7
            shown = content_name(entry["card"], locale) if public and entry.get("card") else "▢"
            zone.append(shown + (f" +{entry['tokens']}" if entry.get("tokens") else ""))
        lines = [t("evs.ui.public_side", locale, marker=p.get("track"), collapse=p.get("collapse"),
                   hand=p.get("hand_count"), units=p.get("hand_units"), commands=p.get("hand_commands"),
                   discard=p.get("discard_count"))]
        lines.append(t("evs.ui.zone_line", locale, cards=", ".join(zone) or "—"))
        if p.get("units_lost"):
            lines.append(t("evs.ui.lost_line", locale, units=", ".join(content_name(u, locale)
                                                                        for u in p["units_lost"])))
        return "\n".join(lines)

    def board_items(self, snap: Snapshot, locale: str) -> list[discord.ui.Item]:
        items: list[discord.ui.Item] = [
            GameButton(snap.match_id, snap.version, "menu", label=t("host.btn.act", locale),
                       style=discord.ButtonStyle.primary, emoji="🎯"),
            GameButton(snap.match_id, snap.version, "next", label=t("host.btn.continue", locale), emoji="⏭️"),
            GameButton(snap.match_id, snap.version, "view", label=t("host.btn.view", locale), emoji="🔒")]
        if snap.view.get("peek"):  # the engine says the opponent's command zone may be looked at now
            items.append(GameButton(snap.match_id, snap.version, "zone", label=t("evs.btn.zone", locale), emoji="👁️"))
        return items

    def narrate(self, snap: Snapshot, events: list, locale: str, moves=()) -> list[str]:
        return narrate_events(Board(snap.view, snap.names), [e for e in events if e.visible_to is None], locale,
                              moves=moves)

    # -- private view --------------------------------------------------------------------

    def private_message(self, mine: SeatSnapshot, locale: str, *, image: bool = True) -> PrivateMessage:
        view, seat = mine.view, mine.seat
        board = self.board(mine)
        me = view["players"][seat]
        embed = discord.Embed(title=t("evs.ui.private_title", locale, id=mine.match.match_id),
                              colour=faction_colour(me["faction"]))
        lines = []
        pending = view.get("pending") or {}
        if pending.get("kind") == "defence":
            lines.append("⚔️ " + defence_summary(board, pending, locale))
        for prompt in mine.prompts:
            lines.append("👉 " + self.prompt_text(board, prompt, locale, viewer=seat))
        if not mine.prompts:
            lines.append(self.not_yours(mine.match, locale))
        lines.append(t("evs.ui.my_side", locale, faction=content_name(me["faction"], locale), marker=me.get("track"),
                       collapse=me.get("collapse")))
        pick = me.get("pick")
        if pick and pick.get("cards") is not None:
            lines.append(t("evs.ui.my_pick", locale, n=len(pick["cards"]),
                           cards=", ".join(content_name(c, locale) for c in pick["cards"]) or "—"))
        embed.description = clip("\n".join(lines), 4000)
        hand = me.get("hand") or []
        hand_units = [c for c in hand if not _is_command(c)]
        hand_commands = [c for c in hand if _is_command(c)]
        if hand_units:
            embed.add_field(name=t("evs.ui.hand_units", locale, n=len(hand_units)),
                            value=clip("\n".join(f"• {arg_label(board, 'deploy', [c], 0, locale)}"
                                                 for c in hand_units), 1024), inline=False)
        if hand_commands:
            embed.add_field(name=t("evs.ui.hand_commands", locale, n=len(hand_commands)),
                            value=clip("\n".join(f"• {arg_label(board, 'stage', [c], 0, locale)}"
                                                 for c in hand_commands), 1024), inline=False)
        zone = me.get("zone") or []
        if zone:
            embed.add_field(name=t("evs.ui.my_zone", locale, n=len(zone)),
                            value=clip("\n".join(f"{i + 1}. {self.zone_entry(e, locale)}" for i, e in enumerate(zone)),
                                       1024), inline=False)
        if me.get("discard"):
            embed.add_field(name=t("evs.ui.my_discard", locale, n=len(me["discard"])),
                            value=clip(", ".join(content_name(c, locale) for c in me["discard"]), 1024), inline=False)
        png_job = pages_job = None
        if image:
            try:
                drawing = renderer()
            except ImportError:
                drawing = None
            if drawing is not None:
                args = {"view": view, "seat": seat, "seat_names": mine.match.names, "lang": locale}
                png_job, pages_job = (drawing.private_png, args), (drawing.private_pngs, args)
        return PrivateMessage(embed=embed, png_job=png_job, view=view_of(self.decision_items(mine, locale)),
                              pages_job=pages_job)

    def zone_entry(self, entry: dict, locale: str) -> str:
        name = content_name(entry["card"], locale) if entry.get("card") else "▢"
        state = "revealed" if entry.get("revealed") else "face_up" if entry.get("face_up") else "face_down"
        extra = [t(f"evs.ui.{state}", locale)]
        if entry.get("tokens"):
            extra.append(t("evs.ui.tokens", locale, n=entry["tokens"]))
        return f"{name} ({', '.join(extra)})"

    def prompt_text(self, board: Board, prompt, locale: str, viewer: int | None = None) -> str:
        """The decision in words; in ``viewer``'s own private view, a choice in their own
        command zone says "your" (``evs.ui.prompt.<kind>_own`` when the catalog has it)."""
        key = f"evs.ui.prompt.{prompt.key.rsplit('.', 1)[-1]}"
        if viewer is not None and prompt.params.get("owner") == viewer:
            own = key + "_own"
            if t(own, locale) != own:
                key = own
        params = {k: v for k, v in prompt.params.items() if not isinstance(v, (list, dict))}
        if isinstance(params.get("card"), str):
            params["card"] = content_name(params["card"], locale)
        for name in ("target", "uid"):
            if isinstance(params.get(name), str):
                params[name] = board.unit(params[name], locale)
        if isinstance(prompt.params.get("cards"), list):
            params["cards"] = ", ".join(content_name(c, locale) for c in prompt.params["cards"])
        if isinstance(params.get("owner"), int):
            params["owner"] = board.seat(params["owner"], locale)
        text = t(key, locale, **params)
        return t(prompt.key, locale, **params) if text == key else text

    def zone_message(self, mine: SeatSnapshot, locale: str) -> str:
        """The opponent's command zone as the seat's view shows it (every card when the
        advanced rule is off; only revealed ones otherwise)."""
        board = self.board(mine)
        lines = []
        for seat, player in enumerate(mine.view["players"]):
            if seat == mine.seat:
                continue
            entries = [f"{i + 1}. {self.zone_entry(e, locale)}" for i, e in enumerate(player.get("zone") or [])]
            lines.append(t("evs.ui.zone_of", locale, seat=board.seat(seat, locale)))
            lines.extend(entries or ["—"])
        return clip("\n".join(lines), 1900)

    # -- the Act menu (cogs/act_menu.py): this game's words and its payment menus ------------

    def head_label(self, mine: SeatSnapshot, head: str, moves: list[ActionInfo], locale: str) -> tuple[str, str]:
        """The entry's words; a unit card a faction has two copies of (``legionary`` and
        ``legionary_2``, both "Legionary") is told apart by its copy's number."""
        label, detail = evs_head_label(self.board(mine), head, locale)
        number = copy_number(head)
        return (t("evs.ui.copy_of", locale, label=label, n=number) if number else label), detail

    def rest_label(self, mine: SeatSnapshot, move: ActionInfo, locale: str) -> str:
        """The words after the menu's first step: ``B3``, ``Legionary u5 · pay: Ride``."""
        head_words = len(move.head.split()) if move.head else 1
        skip = len(arg_words(move.head)[1]) if head_words > 1 else 0
        if move.verb == "stage" and not move.rest:  # ``stage CARD`` next to ``stage CARD up``
            return t("evs.face.down", locale)
        board = self.board(mine)
        return tail_label(board, move.text, skip, locale) or move_label(board, move.text, locale)

    def special_items(self, mine: SeatSnapshot, locale: str, head: str,
                      moves: list[ActionInfo]) -> list[discord.ui.Item] | None:
        """Endings with a payment too many for one select: the payment multi-selects."""
        if len(moves) > MAX_OPTIONS and any(" pay " in f" {m.rest} " for m in moves):
            return self.pay_items(mine, locale, head, moves)
        return None

    def pay_items(self, mine: SeatSnapshot, locale: str, head: str, moves: list[ActionInfo],
                  only: str | None = None) -> list[discord.ui.Item]:
        """One multi-select per unit (what comes before ``pay``): the cards that may pay,
        exactly the cost to choose. More units than rows: a select of the units first."""
        snap, board = mine.match, self.board(mine)
        groups: dict[str, list[list[str]]] = {}
        for m in moves:
            words = m.rest.split()
            cut = words.index("pay") if "pay" in words else len(words)
            pay = words[cut + 1].split("+") if cut + 1 < len(words) else []
            groups.setdefault(" ".join(words[:cut]), []).append(pay)
        if only is not None:
            groups = {only: groups.get(only, [])}
        if len(groups) > PAY_ROWS:
            options = [discord.SelectOption(label=clip(move_label(board, f"{head} {before}", locale), 100),
                                            value=f"g|{head} {before}"[:100]) for before in groups]
            shown, more = page_of(options, 0)
            return [GameSelect(snap.match_id, snap.version, "pick", options=shown,
                               placeholder=clip(move_label(board, head, locale) + " …", 150))]
        items: list[discord.ui.Item] = []
        for row, (before, pays) in enumerate(groups.items()):
            cost = max((len(p) for p in pays), default=0)
            prefix = f"{head} {before}".strip()
            if cost == 0 or len(pays) == 1:
                move = prefix + (f" pay {'+'.join(pays[0])}" if pays and pays[0] else "")
                items.append(GameSelect(snap.match_id, snap.version, "pick", arg=str(row), placeholder=clip(
                    move_label(board, prefix, locale), 150), options=[discord.SelectOption(
                        label=clip(move_label(board, move, locale), 100), value=("=" + token(move))[:100])]))
                continue
            cards = list(dict.fromkeys(c for p in pays for c in p))[:MAX_OPTIONS]
            options = [discord.SelectOption(label=clip(content_name(c, locale), 100), value=c,
                                            description=clip(arg_label(board, "stage", [c], 0, locale), 100))
                       for c in cards]
            placeholder = t("evs.ui.pay_placeholder", locale, what=move_label(board, prefix, locale), n=cost)
            items.append(GameSelect(snap.match_id, snap.version, "pay", arg=prefix[:60], options=options,
                                    placeholder=clip(placeholder, 150), min_values=cost, max_values=cost))
        return items

    def next_items(self, mine: SeatSnapshot, locale: str, value: str) -> list[discord.ui.Item]:
        """Besides the kit's pages and endings, ``g|PREFIX``: one unit's payment select."""
        if not value.startswith("g|"):
            return super().next_items(mine, locale, value)
        prefix, heads = value[2:], self.heads(mine)
        paid = next((h for h in heads if prefix.startswith(h + " ")), None)
        return self.pay_items(mine, locale, paid, heads[paid], only=prefix[len(paid):].strip()) if paid else []

    async def on_game_component(self, interaction: discord.Interaction, snap: Snapshot, mine: SeatSnapshot,
                                verb: str, arg: str, values: list[str]) -> None:
        """``zone``: the opponent's command zone; ``pay``: a unit's payment multi-select."""
        if verb == "zone":
            if not snap.view.get("peek"):
                raise ServiceError("not_allowed")
            await send_ephemeral(interaction, self.zone_message(mine, locale_of(interaction)))
        elif verb == "pay":
            move = f"{arg} pay {'+'.join(sorted(values))}"
            await self.make_move(interaction, mine, move, expected_version=snap.version)
        else:
            raise ServiceError("not_allowed")

    def act_label(self, mine: SeatSnapshot, move: str, locale: str) -> str:
        """``/evs act``'s suggestion: the notation, then the move in words."""
        return f"{move} — {move_label(self.board(mine), move, locale)}"

    def arg_label(self, mine: SeatSnapshot, move: ActionInfo, index: int, locale: str) -> str:
        """The autocomplete label of argument ``index`` of ``move`` (cogs/move_args.py)."""
        label = arg_label(self.board(mine), move.verb, move.args, index, locale)
        if move.verb == "unpick":
            label = t("evs.ui.picked_label", locale, card=label)
        return label


def _is_command(card: str) -> bool:
    return card in COMMANDS

