"""The files in deploy/ (issue 23): the compose file, the Dockerfile and the systemd template
unit parse, have what running several bot processes on PostgreSQL needs, and pass only
settings the bot reads (gamehost/config.py) -- enough of them for every process to start, with
shards that split 0..SHARD_COUNT-1 between the processes. Nothing here needs Docker or systemd;
``systemd-analyze verify`` checks the unit too where it is installed."""
from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from gamehost.config import Settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
UNIT = DEPLOY / "tabletop-bot@.service"
REQUIRED = {"DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"}
PER_PROCESS = {"SHARD_IDS", "HEALTH_PORT", "PROCESS_NAME"}


# -- readers --------------------------------------------------------------------------------

def env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines, as docker compose's env_file and systemd's EnvironmentFile read them
    (comments and blank lines skipped)."""
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, sep, value = line.partition("=")
            assert sep and re.fullmatch(r"[A-Z_][A-Z0-9_]*", key), f"{path.name}: not KEY=VALUE: {line!r}"
            values[key] = value
    return values


def unit_file(path: Path) -> dict[str, dict[str, list[str]]]:
    """A systemd unit: section -> key -> every value given (a key may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            assert line.endswith("]"), line
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None and "=" in line, f"{path.name}: {line!r} outside a section or not Key=Value"
        key, value = line.split("=", 1)
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))


def bot_services() -> dict[str, dict]:
    return {name: service for name, service in compose()["services"].items() if "build" in service}


def interpolate(value: str, variables: dict[str, str]) -> str:
    """Compose's ${NAME}, ${NAME:?message} and ${NAME:-default} with ``variables``."""
    def one(match: re.Match) -> str:
        name, op, rest = match.group(1), match.group(2) or "", match.group(3) or ""
        if variables.get(name):
            return variables[name]
        assert "?" not in op, f"compose needs {name}: {rest}"
        return rest
    return re.sub(r"\$\{(\w+)(:?[-?])?([^}]*)\}", one, value)


def config_names() -> set[str]:
    """Every environment variable gamehost/config.py reads: the first argument of
    ``values.get("NAME", ...)`` and of its helpers (``integer("NAME", ...)`` and the like)."""
    tree = ast.parse((ROOT / "gamehost" / "config.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("get", "integer", "limit", "_whole") and isinstance(node.args[0].value, str):
                names.add(node.args[0].value)
    return names | {"DISCORD_TOKEN"}


def compose_processes() -> dict[str, dict[str, str]]:
    """Each bot service's environment as its container gets it: deploy/bot.env (here its
    example) under the service's own ``environment``, ${...} filled from compose.env.example
    (a made-up password where it is empty)."""
    variables = {k: v or "examplepassword" for k, v in env_file(DEPLOY / "compose.env.example").items()}
    processes = {}
    for name, service in bot_services().items():
        env: dict[str, str] = {}
        for file in service["env_file"]:
            env.update(env_file(DEPLOY / (file + ".example")))
        env.update({k: interpolate(str(v), variables) for k, v in service["environment"].items()})
        processes[name] = env
    return processes


def systemd_processes() -> dict[str, dict[str, str]]:
    """Each example instance's environment: common.env, then its own <n>.env."""
    common = env_file(DEPLOY / "common.env.example")
    own = sorted(DEPLOY.glob("[0-9]*.env.example"))
    assert len(own) >= 2, "example env files for at least two instances (0.env.example, 1.env.example)"
    return {path.name.split(".")[0]: {**common, **env_file(path)} for path in own}


# -- the compose file -----------------------------------------------------------------------

def test_compose_has_postgres_with_a_volume_and_a_readiness_check():
    document = compose()
    postgres = document["services"]["postgres"]
    assert postgres["image"].split(":")[1].startswith("15")
    assert "pgdata" in document["volumes"]
    assert any(v.startswith("pgdata:") and v.endswith("/var/lib/postgresql/data") for v in postgres["volumes"])
    check = postgres["healthcheck"]["test"]
    assert "pg_isready" in " ".join(check)
    env = postgres["environment"]
    assert {"POSTGRES_USER", "POSTGRES_DB", "POSTGRES_PASSWORD"} <= set(env)
    assert f"-U {env['POSTGRES_USER']}" in " ".join(check) and f"-d {env['POSTGRES_DB']}" in " ".join(check)


def test_compose_runs_several_bot_processes_the_same_way():
    services = bot_services()
    assert len(services) >= 2
    for name, service in services.items():
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}, name
        assert service["restart"] == "unless-stopped", name
        assert service["depends_on"] == {"postgres": {"condition": "service_healthy"}}, name
        assert "bot.env" in service["env_file"], name
        assert "/healthz" in " ".join(service["healthcheck"]["test"]), name
        assert PER_PROCESS <= set(service["environment"]), name
        assert service["environment"]["LOG_FORMAT"] == "json", name
    for key in ("HEALTH_PORT", "PROCESS_NAME"):
        assert len({str(s["environment"][key]) for s in services.values()}) == len(services), f"{key} repeats"


def test_the_token_is_in_no_committed_file():
    for name, service in compose()["services"].items():
        assert "DISCORD_TOKEN" not in service.get("environment", {}), name
    for example in DEPLOY.glob("*.example"):
        assert env_file(example).get("DISCORD_TOKEN", "") == "", example.name
    ignored = (DEPLOY / ".gitignore").read_text(encoding="utf-8").split()
    assert "*.env" in ignored and ".env" in ignored  # the filled-in copies stay out of git


def test_compose_interpolation_file_sets_only_what_compose_uses():
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    used = set(re.findall(r"\$\{(\w+)", text))
    assert set(env_file(DEPLOY / "compose.env.example")) == used
    postgres_env = compose()["services"]["postgres"]["environment"]
    assert all(key.startswith("POSTGRES_") for key in postgres_env)  # the image's own settings


def test_database_url_points_at_the_postgres_service():
    postgres = compose()["services"]["postgres"]["environment"]
    for name, env in compose_processes().items():
        url = env["DATABASE_URL"]
        assert url == (f"postgresql://{postgres['POSTGRES_USER']}:examplepassword@postgres:5432/"
                       f"{postgres['POSTGRES_DB']}"), name


def test_the_healthcheck_command_fails_unless_healthz_answers_200(tmp_path):
    """The bot services' healthcheck, run here against a stand-in /healthz: 0 for 200, not 0
    for 503 (it names what failed) or for nothing listening."""
    status = {"code": 200}

    class Healthz(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(status["code"] if self.path == "/healthz" else 404)
            self.end_headers()
            self.wfile.write(json.dumps({"database": status["code"] == 200}).encode())

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Healthz)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    command = next(iter(bot_services().values()))["healthcheck"]["test"]
    assert command[:2] == ["CMD", "python"]

    def run(port: int) -> int:
        return subprocess.run([sys.executable, *command[2:]], env={"HEALTH_PORT": str(port)},
                              capture_output=True, timeout=30).returncode
    try:
        assert run(server.server_address[1]) == 0
        status["code"] = 503
        assert run(server.server_address[1]) != 0
    finally:
        server.shutdown()
        server.server_close()
    assert run(server.server_address[1]) != 0


# -- the Dockerfile -------------------------------------------------------------------------

def test_dockerfile_installs_the_project_and_runs_bot_py_as_a_user():
    lines = [line.strip() for line in (DEPLOY / "Dockerfile").read_text(encoding="utf-8").splitlines()]
    instructions = [line for line in lines if line and not line.startswith("#")]
    assert instructions[0] == "FROM python:3.11-slim"
    assert any("pyproject.toml" in line and line.startswith("COPY") for line in instructions)
    assert any("pip install" in line and "-e ." in line for line in lines)
    cmd = [line for line in instructions if line.startswith("CMD")]
    assert len(cmd) == 1 and json.loads(cmd[0][3:]) == ["python", "bot.py"]
    users = [line.split()[1] for line in instructions if line.startswith("USER")]
    assert users and users[-1] not in ("root", "0")
    assert not [line for line in instructions if line.startswith(("ENV", "ARG"))]  # settings come from compose
    ignored = (DEPLOY / "Dockerfile.dockerignore").read_text(encoding="utf-8").split()
    assert {".git", ".venv", ".env", "data"} <= set(ignored)


# -- the systemd unit -----------------------------------------------------------------------

def test_systemd_unit_has_its_sections_and_keys():
    unit = unit_file(UNIT)
    assert set(unit) == {"Unit", "Service", "Install"}
    service = unit["Service"]
    assert service["EnvironmentFile"] == ["/etc/tabletop-bot/common.env", "/etc/tabletop-bot/%i.env"]
    assert service["Restart"] == ["on-failure"]
    assert service["User"][0] not in ("root", "0")
    workdir = service["WorkingDirectory"][0]
    assert service["ExecStart"] == [f"{workdir}/.venv/bin/python bot.py"]
    assert service["NoNewPrivileges"] == ["yes"] and service["PrivateTmp"] == ["yes"]
    assert service["ProtectSystem"] == ["strict"]
    assert f"{workdir}/data" in " ".join(service["ReadWritePaths"]).split()
    assert "%i" in unit["Unit"]["Description"][0]
    assert unit["Install"]["WantedBy"] == ["multi-user.target"]
    assert "Environment" not in service  # every setting comes from the env files


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_accepts_the_unit(tmp_path):
    """Every key known and every value parsed, by systemd itself. The venv's python is not
    at /opt here, which is all it may say."""
    copy = tmp_path / UNIT.name
    shutil.copy(UNIT, copy)
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)],
                          capture_output=True, text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines()
                  if line.strip() and "is not executable" not in line]
    assert complaints == []


# -- the settings they pass -----------------------------------------------------------------

def test_every_variable_a_deploy_file_sets_is_one_the_bot_reads():
    known = config_names()
    assert {"DATABASE_URL", "DATABASE_POOL_SIZE", "SHARD_COUNT", "SHARD_IDS", "HEALTH_PORT", "LOG_FORMAT", "PROCESS_NAME",
            "DATABASE_PATH", "LIVE_DECISION_MINUTES"} <= known  # the reader finds them
    set_by = {"bot.env.example": set(env_file(DEPLOY / "bot.env.example")),
              "common.env.example": set(env_file(DEPLOY / "common.env.example"))}
    for path in DEPLOY.glob("[0-9]*.env.example"):
        set_by[path.name] = set(env_file(path))
    for name, service in bot_services().items():
        set_by[f"compose.yaml {name}"] = set(service["environment"])
    set_by["tabletop-bot@.service"] = {v.split("=", 1)[0] for v in unit_file(UNIT)["Service"].get("Environment", [])}
    unknown = {where: sorted(names - known) for where, names in set_by.items() if names - known}
    assert unknown == {}


@pytest.mark.parametrize("kind", ["compose", "systemd"])
def test_each_process_gets_every_required_setting_and_starts(kind):
    processes = compose_processes() if kind == "compose" else systemd_processes()
    syncing = []
    for name, env in processes.items():
        assert REQUIRED <= set(env), f"{name} lacks {sorted(REQUIRED - set(env))}"
        settings = Settings.from_env({**env, "DISCORD_TOKEN": "a-token"})
        assert settings.store_url().startswith("postgresql://"), name
        assert settings.shard_ids and settings.shard_count and settings.health_port > 0, name
        assert settings.log_format == "json" and settings.process_name, name
        if settings.sync_commands:
            syncing.append(name)
    assert len(syncing) == 1, f"exactly one process syncs the slash commands, not {syncing}"


@pytest.mark.parametrize("kind", ["compose", "systemd"])
def test_the_processes_split_the_shards(kind):
    processes = compose_processes() if kind == "compose" else systemd_processes()
    settings = [Settings.from_env(env) for env in processes.values()]
    counts = {s.shard_count for s in settings}
    assert len(counts) == 1, f"the processes disagree on SHARD_COUNT: {counts}"
    owned = [shard for s in settings for shard in (s.shard_ids or ())]
    assert len(owned) == len(set(owned)), f"a shard runs in two processes: {sorted(owned)}"
    assert sorted(owned) == list(range(counts.pop() or 0))
