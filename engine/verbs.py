"""One verb table per game: the single source of its notation (README "Adding a game").

A game declares each verb once, as a :class:`Verb`: its words (literal words and typed
arguments, in one or more alternative forms), the slash subcommand that makes it and how that
command's arguments line up with the words, the subject, whether the move is quiet (hidden
plans, standing choices) and whether it continues (ends the step, phase or turn). A
:class:`Grammar` built from the table gives the engine contract's ``parse_action``,
``format_action`` and ``action_info``, and the inverse ``move_from_command(command, args)``
that adapters use to spell a move from a command's arguments. Nothing else in the game or its
Discord adapter knows the grammar.

Argument kinds (:class:`Kind`) read one word (or, for ``rest`` kinds, the words up to the
next keyword) into a JSON value and write it back; a kind's ``name`` is what adapters label
the argument as (``"cell"``, ``"uid"``, ``"card"``). A kind with ``key=None`` on its
:class:`Arg` reads several action fields at once (a dict merged into the action) and writes
from the whole action.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence, Union

from engine.base import ActionInfo, IllegalAction

JSON = Any


class NotationError(ValueError):
    """A word that is not what its place in the grammar needs; ``why`` is said to the player."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""An optional argument's default meaning "leave the field out of the action"."""


def _as_is(value: Any) -> str:
    return str(value)


@dataclass(frozen=True)
class Kind:
    """How one argument reads from and writes to notation.

    ``read(word)`` returns the JSON value or raises :class:`NotationError` (or ValueError)
    saying why; for ``rest`` kinds ``read`` gets the list of words up to the next keyword of
    the form. ``write(value)`` returns the words (``""``: nothing is written) and may raise
    KeyError/TypeError/ValueError for a malformed value. ``test(word)``, when given, tells
    whether a word has this kind's shape, which chooses between a verb's forms."""

    name: str
    read: Callable[[Any], Any]
    write: Callable[[Any], str] = _as_is
    test: Callable[[str], bool] | None = None
    rest: bool = False


@dataclass(frozen=True)
class Arg:
    """One argument of a form: the action field ``key`` written as ``kind``.

    ``keyword``: a literal word written before the value (``pay``, ``with``, ``hero``);
    ``optional``: the argument may be left out (a trailing one when no word is left, a
    keyword-led one when its keyword is absent); it is written only when its value is truthy,
    and reads as ``default`` when absent (:data:`MISSING`: the field is left out).
    ``key=None``: the kind reads a dict of several fields and writes from the whole action."""

    key: str | None
    kind: Kind
    keyword: str = ""
    optional: bool = False
    default: Any = MISSING


Item = Union[str, Arg]
Form = tuple[Item, ...]


@dataclass(frozen=True)
class Verb:
    """One verb: its forms (tried in order) and how the host presents it.

    ``command``: the slash subcommand making the move (``""``: only the generic ``act``).
    The command's argument values are ``prefix``, then one per argument of the form
    (literal words and keywords left out), then ``suffix``; with ``split=n`` the first ``n``
    arguments are separate and every word after them is one more argument (a placement list,
    ``on @0.top.2``). ``head``: how many words after the verb form a menu's first step
    (``None``: the whole move is one step), written with ``head_as`` instead of the verb when
    given. ``subject``: the field the move is about (``subject_word``: a fixed word instead).
    ``fills``: a command that leaves trailing arguments out makes the first listed move that
    fits (the engine lists its suggestion first). ``finish``: checks or completes the parsed
    action (may raise :class:`NotationError`). ``type``: the JSON type when it differs from
    the verb's word."""

    verb: str
    forms: tuple[Form, ...] = ((),)
    command: str = ""
    split: int | None = None
    prefix: tuple[str, ...] = ()
    suffix: tuple[str, ...] = ()
    head: int | None = None
    head_as: str = ""
    subject: str = ""
    subject_word: str = ""
    quiet: bool = False
    continues: bool = False
    fills: bool = False
    finish: Callable[[dict], dict] | None = None
    usage: str = ""
    type: str = ""

    @property
    def action_type(self) -> str:
        return self.type or self.verb


def verb(word: str, *items: Item, **kw: Any) -> Verb:
    """A verb with one form (``verb("move", Arg("uid", UID), Arg("path", PATH), command="move")``)."""
    return Verb(word, (tuple(items),), **kw)


def _args(form: Form) -> list[Arg]:
    return [item for item in form if isinstance(item, Arg)]


def _keywords(form: Form) -> set[str]:
    return {item.lower() for item in form if isinstance(item, str)} | {a.keyword for a in _args(form) if a.keyword}


def usage_of(row: Verb) -> str:
    """``expected: play CARD LANE or play CARD on REF`` from the forms."""
    if row.usage:
        return row.usage
    spelled = []
    for form in row.forms:
        words = [row.verb]
        for item in form:
            if isinstance(item, str):
                words.append(item)
            else:
                text = (f"{item.keyword} " if item.keyword else "") + item.kind.name.upper()
                words.append(f"[{text}]" if item.optional else text)
        spelled.append(" ".join(words))
    return "expected: " + " or ".join(spelled)


BadNotation = Callable[[str, str], IllegalAction]
BadAction = Callable[[Any], IllegalAction]


@dataclass
class Grammar:
    """The notation of one game, generated from its verb table."""

    game: str
    verbs: Sequence[Verb]
    lower: bool = False  # read the whole text lower-cased (the kinds restore upper-case words)
    bad: BadNotation | None = None
    bad_action: BadAction | None = None
    by_word: dict[str, Verb] = field(init=False)
    by_type: dict[str, Verb] = field(init=False)
    by_command: dict[str, list[Verb]] = field(init=False)
    _info: dict[str, ActionInfo] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.by_word = {row.verb: row for row in self.verbs}
        self.by_type = {row.action_type: row for row in self.verbs}
        self.by_command = {}
        for row in self.verbs:
            if row.command:
                self.by_command.setdefault(row.command, []).append(row)
            if len(self.by_word) != len(self.by_type):
                raise ValueError(f"{self.game}: two verbs share a word or a type")

    # -- errors ------------------------------------------------------------------------------

    def error(self, text: str, why: str) -> IllegalAction:
        if self.bad is not None:
            return self.bad(text, why)
        return IllegalAction(f"{self.game}.err.bad_notation", f"cannot read {text!r}: {why}", text=text, why=why)

    def not_an_action(self, action: Any) -> IllegalAction:
        if self.bad_action is not None:
            return self.bad_action(action)
        return IllegalAction(f"{self.game}.err.bad_action", f"not an action: {action!r}", action=str(action))

    # -- format ------------------------------------------------------------------------------

    def format(self, action: Any) -> str:
        """The canonical notation of a JSON action; ``<game>.err.bad_action`` if malformed."""
        try:
            row = self.by_type[action["type"]]
            form = self._form_for(row, action)
            words = [row.verb]
            for item in form:
                if isinstance(item, str):
                    words.append(item)
                    continue
                value = action if item.key is None else action.get(item.key, MISSING)
                if item.optional and (value is MISSING or not value):
                    continue
                if value is MISSING:
                    raise KeyError(item.key)
                written = item.kind.write(value)
                if written:
                    words += [item.keyword, written] if item.keyword else [written]
            return " ".join(words)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError):
            raise self.not_an_action(action) from None

    @staticmethod
    def _form_for(row: Verb, action: dict) -> Form:
        """The first form whose own required fields are all in ``action``."""
        if len(row.forms) == 1:
            return row.forms[0]
        shared = set.intersection(*({a.key for a in _args(f) if a.key} for f in row.forms))
        for form in row.forms:
            own = {a.key for a in _args(form) if a.key and not a.optional} - shared
            if all(k in action for k in own):
                return form
        raise KeyError(row.verb)

    # -- parse -------------------------------------------------------------------------------

    def parse(self, text: Any) -> dict:
        """The JSON action written ``text``; ``<game>.err.bad_notation`` saying why if none."""
        if not isinstance(text, str):
            raise self.error(str(text), "not text")
        words = (text.lower() if self.lower else text).strip().split()
        if not words:
            raise self.error(text, "empty")
        row = self.by_word.get(words[0].lower())
        if row is None:
            raise self.error(text, f"unknown verb {words[0]!r}")
        for form in row.forms:
            spans = self._fit(form, words[1:])
            if spans is None:
                continue
            try:
                action = self._read(row, form, spans)
                return row.finish(action) if row.finish is not None else action
            except (NotationError, ValueError) as e:
                raise self.error(text, e.why if isinstance(e, NotationError) else str(e)) from None
        raise self.error(text, usage_of(row))

    def _fit(self, form: Form, words: list[str]) -> list[Any] | None:
        """The words each item of ``form`` takes (a word, a list for rest kinds, MISSING for an
        absent optional argument), or None when the words do not have the form's shape."""
        spans: list[Any] = []
        i = 0
        for n, item in enumerate(form):
            if isinstance(item, str):
                if i >= len(words) or words[i].lower() != item.lower():
                    return None
                spans.append(words[i])
                i += 1
                continue
            if item.keyword:
                if i < len(words) and words[i].lower() == item.keyword:
                    i += 1
                elif item.optional:
                    spans.append(MISSING)
                    continue
                else:
                    return None
            elif item.optional and (i >= len(words) or (not item.kind.rest and words[i].lower() in _keywords(form[n + 1:]))):
                spans.append(MISSING)
                continue
            if item.kind.rest:
                stop = _keywords(form[n + 1:])
                j = i
                while j < len(words) and words[j].lower() not in stop:
                    j += 1
                spans.append(words[i:j])
                i = j
                continue
            if i >= len(words):
                return None
            if item.kind.test is not None and not item.kind.test(words[i]):
                return None
            spans.append(words[i])
            i += 1
        return spans if i == len(words) else None

    @staticmethod
    def _read(row: Verb, form: Form, spans: list[Any]) -> dict:
        action: dict = {"type": row.action_type}
        for item, span in zip(form, spans):
            if isinstance(item, str):
                continue
            if span is MISSING:
                if item.default is not MISSING and item.key is not None:
                    action[item.key] = item.default() if callable(item.default) else item.default
                continue
            value = item.kind.read(span)
            if item.key is None:
                action.update(value)
            else:
                action[item.key] = value
        return action

    # -- host metadata -----------------------------------------------------------------------

    def info(self, text: str) -> ActionInfo:
        """engine.base.ActionInfo of the move written ``text`` (any accepted spelling)."""
        got = self._info.get(text)
        if got is None:
            if len(self._info) > 50000:
                self._info.clear()
            got = self._info[text] = self._make_info(text)
        return got

    def _make_info(self, text: str) -> ActionInfo:
        action = self.parse(text)
        canon = self.format(action)
        row = self.by_type[action["type"]]
        after = canon.split()[1:]
        if row.head is None:
            head, rest = canon, ""
        else:
            head = " ".join([row.head_as or row.verb] + after[:row.head])
            rest = " ".join(after[row.head:])
        args, kinds = self._command_args(row, action) if row.command else ((), ())
        subject = row.subject_word
        if not subject and row.subject:
            value = action.get(row.subject)
            subject = "" if value in (None, "none") else str(value)
        return ActionInfo(text=canon, verb=row.verb, command=row.command, args=args, head=head, rest=rest,
                          subject=subject, quiet=row.quiet, continues=row.continues, kinds=kinds)

    @staticmethod
    def _command_args(row: Verb, action: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The command's argument values and their kinds' names for ``action``."""
        form = Grammar._form_for(row, action)
        written: list[tuple[Arg | None, list[str]]] = []  # each item's words (None: a literal)
        for item in form:
            if isinstance(item, str):
                written.append((None, [item]))
                continue
            value = action if item.key is None else action.get(item.key, MISSING)
            if item.optional and (value is MISSING or not value):
                continue
            words = item.kind.write(value).split()
            written.append((item, ([item.keyword] if item.keyword and words else []) + words))
        values: list[str] = []
        kinds: list[str] = []
        for n, (arg, words) in enumerate(written):
            if row.split is not None and len(values) == row.split:
                tail = [w for _, ws in written[n:] for w in ws]
                if tail:
                    values.append(" ".join(tail))
                    kinds.append(arg.kind.name if arg is not None and len(written) == n + 1 else "rest")
                break
            if arg is not None and words:
                values.append(" ".join(words[1:] if arg.keyword else words))
                kinds.append(arg.kind.name)
        return (row.prefix + tuple(values) + row.suffix,
                ("word",) * len(row.prefix) + tuple(kinds) + ("word",) * len(row.suffix))

    def move_from_command(self, command: str, args: Iterable[str | None]) -> str | None:
        """The notation a command's arguments spell (keywords put back), or None when they
        spell no move of that command. The first verb of the command whose forms accept them
        wins; the engine then judges the move."""
        given = tuple(a.strip() for a in args if a is not None and a.strip())
        for row in self.by_command.get(command, []):
            text = self._spell(row, given)
            if text is None:
                continue
            try:
                self.parse(text)
            except IllegalAction:
                continue
            return text
        return None

    def _spell(self, row: Verb, given: tuple[str, ...]) -> str | None:
        n_pre, n_suf = len(row.prefix), len(row.suffix)
        if given[:n_pre] != row.prefix or (n_suf and given[len(given) - n_suf:] != row.suffix):
            return None
        values = list(given[n_pre:len(given) - n_suf])
        if row.split is not None:
            return " ".join([row.verb, *values])
        for form in row.forms:
            words = self._interleave(row, form, values)
            if words is not None:
                return " ".join(words)
        return None

    @staticmethod
    def _interleave(row: Verb, form: Form, values: list[str]) -> list[str] | None:
        args = _args(form)
        required = sum(1 for a in args if not a.optional)
        if not required <= len(values) <= len(args):
            return None
        spare = len(values) - required  # optional arguments given, filled in order
        words = [row.verb]
        it = iter(values)
        for item in form:
            if isinstance(item, str):
                words.append(item)
                continue
            if item.optional:
                if spare == 0:
                    continue
                spare -= 1
            words += [item.keyword, next(it)] if item.keyword else [next(it)]
        return words

    def arg_kinds(self, word: str) -> tuple[str, ...]:
        """The kind names of a verb's arguments in its first form, in order (labels for the
        words of a move or of a menu step that is only its beginning)."""
        row = self.by_word.get(word)
        return tuple(a.kind.name for a in _args(row.forms[0])) if row is not None else ()

    def literals(self, word: str) -> frozenset[str]:
        """The literal words and keywords of a verb's forms (``with``, ``pay``, ``on``)."""
        row = self.by_word.get(word)
        return frozenset().union(*(_keywords(f) for f in row.forms)) if row is not None else frozenset()

    def continues(self, action: Mapping[str, Any]) -> bool:
        row = self.by_type.get(str(action.get("type", "")))
        return row is not None and row.continues
