"""Roles from `<keiri home>/permissions.yaml`; an unconfigured install makes the local user
an admin; a wrong role is a configuration error naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from keiri.base.errors import ConfigError
from keiri.base.permissions import access_for
from tests.support.catalog_text import shown


def test_unconfigured_home_makes_the_local_user_admin(keiri_home: Path) -> None:
    access = access_for("tanaka")
    assert (access.role, access.source) == ("admin", "default")
    assert access.allows("approve") and access.allows("schedule")


def test_roles_from_the_file(keiri_home: Path) -> None:
    keiri_home.mkdir(parents=True)
    (keiri_home / "permissions.yaml").write_text(
        "users:\n  tanaka: operator\n  suzuki: approver\n", encoding="utf-8"
    )
    operator, approver, other = (access_for(u) for u in ("tanaka", "suzuki", "guest"))
    assert operator.allows("run") and not operator.allows("approve")
    assert approver.allows("approve") and not approver.allows("admin")
    assert other.role == "viewer" and other.allows("view") and not other.allows("run")


def test_an_unknown_role_is_a_config_error(keiri_home: Path) -> None:
    keiri_home.mkdir(parents=True)
    (keiri_home / "permissions.yaml").write_text("users:\n  tanaka: boss\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        access_for("tanaka")
    assert "permissions.yaml" in caught.value.message and "boss" in caught.value.message


@pytest.mark.parametrize(
    ("text", "key", "fields"),
    [
        ("- tanaka\n", "runtime.permissions.not_mapping", {}),
        ("users: [tanaka]\n", "runtime.permissions.users_not_mapping", {"field": "users"}),
        ("users:\n  tanaka: [x\n", "runtime.permissions.yaml_at", {}),
        (
            "default_role: guest\n",
            "runtime.permissions.role",
            {"field": "default_role", "value": "'guest'"},
        ),
        ("users:\n  tanaka: oprator\n", "issue.did_you_mean", {"names": "'operator', 'approver'"}),
    ],
)
def test_a_broken_file_is_said_in_the_language_naming_file_and_key(
    keiri_home: Path, monkeypatch: pytest.MonkeyPatch, text: str, key: str, fields: dict[str, str]
) -> None:
    keiri_home.mkdir(parents=True)
    (keiri_home / "permissions.yaml").write_text(text, encoding="utf-8")
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    with pytest.raises(ConfigError) as caught:
        access_for("tanaka")
    error = caught.value
    assert str(keiri_home / "permissions.yaml") in error.message
    assert shown(key, error.message, **fields) and "viewer, operator, approver, admin" in (
        error.hint or ""
    )
    assert error.fields == ["permissions.yaml"]
    monkeypatch.setenv("KEIRI_LANG", "en")
    with pytest.raises(ConfigError) as caught:
        access_for("tanaka")
    assert shown(key, caught.value.message, **fields)
