"""Compact canonical notation for Cloudspire actions, driven by one table (``VERBS``) that
both ``parse_action`` and ``format_action`` read, and that ``action_info`` reads for the host.

Actions are dicts ``{"type": verb, ...fields}``. Hexes are axial ``q,r`` (e.g. ``3,-1``).
Unit ids ``u7``, spire ids ``s3``. Grammar (one action per line; words separated by single
spaces)::

    pick <faction>                 faction choice (option factions=pick)
    isle <slot> <rot>              guided setup: reveal slot 1..6 with rotation 0..5
    fort <q,r> <orient>            guided setup: attach your fortress, gate hex + orientation
    buy <chip>|es / pass           market turn
    build <spire>[+] <q,r> <order> construct (``+`` = promoted side); order = initial chips
                                   top to bottom, letters a(ttack) r(ange) f(ortification)
    up <q,r> <chips>               upgrade a spire, chips added to the bottom in order
    es <earthscape> <q,r> <rot>    place an earthscape (its local 0,0 on q,r), then
    skip                           decline the optional spire on the new earthscape
    adv <structure> / end          advance the fortress / end building
    mark <seat>                    declare a mark
    add <unit> / join <unit>       append a stack entry / add a minion to the last group
    equip <item> <hero> / undo / lock / autostack
    relic <relic> [<q,r> ...] / die / next
    mv <uid> <q,r>                 hero move (from the stack = deploy)
    mm <uid> <q,r>|stay            lead-minion move (path chosen canonically)
    explore <q,r> / reveal / hide
    atk <uid> <q,r>                attack the target on q,r
    lvl <uid> a|f|r|flip|none      level-up choice
    free <spire> <order> / free none   free-spire reward
    fire <sid> <uid>               spire target (manual policy)
    pol <key> <value>              standing policy (spire, levelup, reward, mark)

``pol`` is accepted from any seat at any time (it is a standing preference, not a move)
and is therefore not listed by ``legal_actions``. Policies: spire = lowest_health |
nearest_gate | heroes_first | manual; levelup / reward / mark = auto | manual ("manual"
turns the off-turn decision into a reaction prompt for that player).

A logged move is one notation line; replaying the moves through ``apply`` from the same
seed and options reproduces the state.

Each row of ``VERBS`` also says how the host presents the move (``action_info``, the
engine.base.ActionInfo contract): the Discord subcommand that makes it and that command's
argument values, whether it is quiet (it only changes the mover's hidden plans or standing
choices) and whether it continues (ends the current step, phase or turn).
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Literal, Mapping, cast

from ..base import ActionInfo, IllegalAction
from .types import Action

FieldKind = Literal["word", "int", "spire_side", "stay", "rest"]


def _fields(a: Action) -> dict[str, Any]:
    """The action as a plain dict, for a Field, whose key is only known at run time."""
    return cast("dict[str, Any]", a)


@dataclass(frozen=True)
class Field:
    """One word of the notation and the action field(s) it stands for.

    ``word``: the field as is; ``int``: an integer; ``spire_side``: ``spire`` plus ``+`` when
    ``side`` is "promoted" (two fields, one word); ``stay``: "" is written ``stay``; ``rest``:
    every remaining word, as a list. ``when``: the word is there only if this holds for the
    fields read so far (else the field is ""), e.g. ``free none`` has no order."""

    name: str
    kind: FieldKind = "word"
    when: Callable[[Action], bool] | None = None

    def write(self, a: Action) -> list[str]:
        if self.when is not None and not self.when(a):
            return []
        if self.kind == "spire_side":
            return [a["spire"] + ("+" if a.get("side") == "promoted" else "")]
        f = _fields(a)
        if self.kind == "stay":
            return [f[self.name] or "stay"]
        if self.kind == "rest":
            return list(f.get(self.name, []))
        return [str(f[self.name])]

    def read(self, words: list[str], i: int, a: Action) -> int:
        """Read this field from ``words[i:]`` into ``a``; returns the next index."""
        f = _fields(a)
        if self.when is not None and not self.when(a):
            f[self.name] = ""
            return i
        if self.kind == "rest":
            f[self.name] = list(words[i:])
            return len(words)
        w = words[i]
        if self.kind == "int":
            f[self.name] = int(w)
        elif self.kind == "spire_side":
            a["spire"] = w.rstrip("+")
            a["side"] = "promoted" if w.endswith("+") else "basic"
        elif self.kind == "stay":
            f[self.name] = "" if w == "stay" else w
        else:
            f[self.name] = w
        return i + 1


@dataclass(frozen=True)
class Verb:
    """One verb of the grammar: its fields in notation order and how the host presents it.

    ``command``: the slash subcommand that makes the move ("" = only the generic ``act``);
    its arguments are the words after the verb, or the verb itself when ``verb_arg``, then
    ``extra_args`` (an option of the command that picks this verb, e.g. deploy's ``group``).
    ``subject``: the field naming the unit / card / chip the move is about."""

    verb: str
    fields: tuple[Field, ...] = ()
    command: str = ""
    verb_arg: bool = False
    subject: str = ""
    quiet: bool = False
    extra_args: tuple[str, ...] = ()


def _row(verb: str, *fields: Field | str, **kw: object) -> Verb:
    return Verb(verb, tuple(f if isinstance(f, Field) else Field(f) for f in fields), **kw)  # type: ignore[arg-type]


def _not_none(a: Action) -> bool:
    return a["spire"] != "none"


_ROWS = (
    _row("pick", "faction", subject="faction"),
    _row("isle", Field("slot", "int"), Field("rot", "int")),
    _row("fort", "gate", Field("orient", "int")),
    _row("buy", "chip", command="buy", subject="chip"),
    _row("pass", command="pass"),
    _row("build", Field("spire", "spire_side"), "at", "order", command="build", subject="spire"),
    _row("up", "at", "chips", command="upgrade"),
    _row("es", "earthscape", "at", Field("rot", "int"), command="earthscape", subject="earthscape"),
    _row("skip", command="end"),
    _row("adv", "structure", command="advance", subject="structure"),
    _row("end", command="end"),
    _row("mark", Field("target", "int"), command="mark"),
    _row("add", "unit", command="deploy", subject="unit", quiet=True),
    _row("join", "unit", command="deploy", subject="unit", quiet=True, extra_args=("group",)),
    _row("equip", "item", "hero", command="equip", subject="item", quiet=True),
    _row("undo", command="stack", verb_arg=True, quiet=True),
    _row("lock", command="stack", verb_arg=True),
    _row("autostack", command="stack", verb_arg=True, quiet=True),
    _row("relic", "relic", Field("args", "rest"), subject="relic"),
    _row("die"),
    _row("next", command="end"),
    _row("mv", "unit", "to", command="move", subject="unit"),
    _row("mm", "unit", Field("to", "stay"), command="move", subject="unit"),
    _row("explore", "at", command="explore"),
    _row("reveal", command="peek", verb_arg=True),
    _row("hide", command="peek", verb_arg=True),
    _row("atk", "unit", "at", command="attack", subject="unit"),
    _row("lvl", "unit", "choice", subject="unit"),
    _row("free", "spire", Field("order", when=_not_none), subject="spire"),
    _row("fire", "spire", "unit", subject="spire"),
    _row("pol", "key", "value", command="policy", subject="key", quiet=True),
)

VERBS: Mapping[str, Verb] = MappingProxyType({r.verb: r for r in _ROWS})
"""verb -> its row: the one table for parsing, formatting and action metadata."""

CONTINUE_ORDER = ("next", "end", "skip", "pass", "lock")
"""What a Continue button does, in order of preference, for whichever of them is legal."""


def bad_notation(text: str) -> IllegalAction:
    return IllegalAction("cloudspire.err.bad_notation",
                         "Empty action." if not text.strip() else f"Cannot read action '{text}'.", text=text)


def format_action(a: Action) -> str:
    d = a["type"]
    row = VERBS.get(d)
    if row is None:
        return d
    words = [d]
    for f in row.fields:
        words += f.write(a)
    return " ".join(words)


def parse_action(text: str) -> Action:
    w = text.strip().split()
    if not w or w[0] not in VERBS:
        raise bad_notation(text)
    row = VERBS[w[0]]
    a: Action = {"type": row.verb}
    i = 1
    try:
        for f in row.fields:
            i = f.read(w, i, a)
    except (IndexError, ValueError):
        raise bad_notation(text) from None
    if i != len(w):
        raise bad_notation(text)
    return a


def action_info(text: str) -> ActionInfo:
    """engine.base.ActionInfo of one move in notation (the table above decides)."""
    words = text.split()
    verb = words[0] if words else ""
    row = VERBS.get(verb)
    if row is None:
        return ActionInfo(text=text, verb=verb, head=text.strip())
    rest_words = words[1:]
    if row.verb_arg:
        args: tuple[str, ...] = (verb,)
    elif row.command:
        args = tuple(rest_words) + row.extra_args
    else:
        args = ()
    if len(rest_words) >= 2:
        head, rest = f"{verb} {rest_words[0]}", " ".join(rest_words[1:])
    else:
        head, rest = " ".join(words), ""
    subject = ""
    if row.subject:
        try:
            value = parse_action(text).get(row.subject, "")
        except IllegalAction:
            value = ""
        subject = "" if value in ("none", None) else str(value)
    return ActionInfo(text=text, verb=verb, command=row.command, args=args, head=head, rest=rest,
                      subject=subject, quiet=row.quiet, continues=verb in CONTINUE_ORDER)
