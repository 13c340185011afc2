"""The message catalog: complete in English and Simplified Chinese, and used consistently;
for every registered game, its own catalog (``locales/<id>/``) and its content names
(``engine/<id>/names.py``) too."""
import json
import re
from pathlib import Path
from string import Formatter

import discord
import pytest
from discord import app_commands

from engine.names import CHINESE_KEYS
from gamehost import registry
from gamehost.i18n import Catalog, CatalogError, catalog, normalize_locale, t
from tests.games import game_ids

ROOT = Path(__file__).resolve().parent.parent
GAMES = game_ids()


def test_every_key_has_both_languages_and_matching_placeholders():
    cat = Catalog.load()
    assert len(cat.entries) > 100
    for key, texts in cat.entries.items():
        assert texts["en"].strip() and texts["zh-CN"].strip(), key
        assert all(text.strip() for loc in ("en", "zh-CN") for text in cat.variants(key, loc).values()), key


def test_catalog_rejects_a_missing_translation(tmp_path):
    (tmp_path / "x.json").write_text('{"a.b": {"en": "hi"}}', encoding="utf-8")
    with pytest.raises(CatalogError):
        Catalog.load(tmp_path)


def test_locale_follows_discord_locale():
    assert normalize_locale("zh-CN") == "zh-CN"
    assert normalize_locale("zh-TW") == "zh-CN"
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("fr") == "en"
    assert t("host.err.not_active", "zh-CN") == "这局对局不在进行中。"
    assert t("host.lobby.seat", "en", n=2, name="bob") == "Seat 2: bob"


# a helper that builds a refusal from a code: def err(code, ...): return IllegalAction(f"<game>.err.{code}", ...)
HELPER = re.compile(r'def (\w+)\((\w+)[^)]*\)[^:]*:\s*(?:"""[\s\S]*?"""\s*)?return IllegalAction\(f"([a-z_.]+)\{\2\}"')


def codes_raised_in(package: str) -> set[str]:
    """The error codes ``package`` raises: ``IllegalAction("...")``, ``ServiceError("...")``,
    ``<game>.err.*`` literals, and the codes given to helpers that prefix them."""
    files = [path.read_text(encoding="utf-8") for path in (ROOT / package).rglob("*.py")]
    helpers = {m.group(1): m.group(3) for src in files for m in HELPER.finditer(src)}
    codes = set()
    for src in files:
        codes |= set(re.findall(r'IllegalAction\(\s*"([a-z_.]+)"', src))
        codes |= set(re.findall(r'ServiceError\(\s*"([a-z_]+)"', src))
        codes |= set(re.findall(r'"([a-z_]+\.err\.[a-z_]+)"', src))
        for name, prefix in helpers.items():
            codes |= {prefix + code for code in re.findall(rf'\b{name}\(\s*"([a-z_]+)"', src)}
    return codes


PACKAGES = [str(Path(*registry.plugin(g).engine_package.split("."))) for g in GAMES] + ["gamehost", "cogs"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_error_code_is_in_the_catalog(package):
    missing = []
    for code in codes_raised_in(package):
        key = code if "." in code else f"host.err.{code}"
        if not catalog().has(key):
            missing.append(key)
    assert not missing, f"catalog lacks: {sorted(missing)}"


# -- every game's own catalog and content names ---------------------------------------------

def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in Formatter().parse(text) if f}


def game_entries(game: str) -> dict[str, dict[str, str]]:
    """The keys of the game's own catalog files (``GamePlugin.catalogs``); a language given as
    plural forms stands as all of them, one after the other (the loader checks the forms)."""
    entries: dict[str, dict[str, str]] = {}
    for path in registry.plugin(game).catalogs:
        for key, texts in json.loads(path.read_text(encoding="utf-8")).items():
            entries[key] = {loc: " / ".join(text.values()) if isinstance(text, dict) else text
                            for loc, text in texts.items()}
    return entries


@pytest.mark.parametrize("game", GAMES)
def test_the_games_catalog_is_complete_with_matching_placeholders_and_plurals(game):
    """Every key of the game's catalog has both languages, the same placeholders in each, and
    a plural form (``.one`` / ``_one``) its other form (``.other`` / ``_many``) with the same
    placeholders; every catalog key the game's code spells out is in the catalog."""
    entries = game_entries(game)
    assert entries and any(key.startswith(f"{game}.") for key in entries)
    for key, texts in entries.items():
        assert texts["en"].strip() and texts["zh-CN"].strip(), key
        assert fields(texts["en"]) == fields(texts["zh-CN"]), key
        one = re.match(r"(.+[._])one$", key)
        if one:
            others = [one.group(1) + o for o in ("other", "many") if one.group(1) + o in entries]
            assert others, f"{key} has no other plural form"
            assert all(fields(entries[o]["en"]) == fields(texts["en"]) for o in others), key
    spelled = re.compile(rf"""["']((?:(?:option|opt|cmd)\.)?{game}\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")
    missing = set()
    for layer in ("engine", "cogs", "render"):
        for path in (ROOT / layer / game).rglob("*.py"):
            for key in spelled.findall(path.read_text(encoding="utf-8")):
                if not catalog().has(key) and not any(k.startswith(key + ".") for k in catalog().entries):
                    missing.add(f"{path.relative_to(ROOT)}: {key}")
    assert not missing, sorted(missing)


def notation_words(game: str) -> set[str]:
    """The words of the game's notation and options: verbs, commands, keywords, the words of
    its usage lines and its option values (a Chinese text may quote them as they are typed)."""
    engine = registry.plugin(game).engine
    words = set()
    for verb in engine.grammar.verbs:
        words |= {verb.verb, verb.command, *verb.prefix, *verb.suffix}
        words |= {w.lower() for w in re.findall(r"[A-Za-z_]+", verb.usage)}
        words |= {arg.keyword for form in verb.forms for arg in form if getattr(arg, "keyword", "")}
    for spec in engine.options_schema().values():
        words |= {str(c).lower() for c in spec.get("choices") or []}
    return words


@pytest.mark.parametrize("game", GAMES)
def test_chinese_texts_are_translated(game):
    """No English word is left in a Chinese text but what a player types: notation (in
    backticks, or the game's own words), commands, ids, ``name=value`` and ``CARD>SEAT``."""
    allowed = notation_words(game)
    left = []
    for key, texts in game_entries(game).items():
        zh = re.sub(r"`[^`]*`|\{[^}]*\}|/[a-z][\w ]*|\S*[=>+:]\S*", " ", texts["zh-CN"])
        for word in re.findall(r"[A-Za-z][A-Za-z_0-9]{3,}", zh):
            if word.lower() not in allowed and not word.isupper() and not re.search(r"[_0-9]", word):
                left.append(f"{key}: {word!r} in {texts['zh-CN']!r}")
    assert not left, "\n".join(left)


@pytest.mark.parametrize("game", GAMES)
def test_every_content_name_has_both_languages(game):
    """Every id of the game's named content (engine/<id>/names.py) has an English and a Chinese
    name, and the Chinese one is Chinese."""
    names = registry.plugin(game).names
    assert names is not None and names.kinds()
    for kind in names.kinds():
        ids = list(names.ids(kind))
        assert ids, f"no {kind}"
        for ident in ids:
            texts = names.texts(kind, ident)
            zh = next((texts[k] for k in CHINESE_KEYS if texts.get(k)), "")
            assert texts["en"].strip() and zh.strip(), (kind, ident)
            assert not re.search(r"[A-Za-z]{3,}", zh), (kind, ident, zh)


async def test_slash_commands_carry_chinese_names_and_descriptions(tmp_path):
    from bot import create_bot
    from cogs.translator import CatalogTranslator
    from gamehost.config import Settings

    bot = create_bot(Settings.from_env({"DATABASE_PATH": str(tmp_path / "x.sqlite3")}))
    await bot.load_extension("cogs.lobby")
    translator = CatalogTranslator()
    lobby = bot.tree.get_command("match")
    ctx_name = app_commands.TranslationContext(app_commands.TranslationContextLocation.group_name, lobby)
    assert await translator.translate(app_commands.locale_str("match"), discord.Locale.chinese, ctx_name) == "对局"
    for command in lobby.commands:
        ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, command)
        assert await translator.translate(app_commands.locale_str(command.name), discord.Locale.chinese, ctx), command.name
        desc = command._locale_description
        ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, command)
        assert await translator.translate(desc, discord.Locale.chinese, ctx), command.name
    assert await translator.translate(app_commands.locale_str("match"), discord.Locale.american_english, ctx_name) is None
