"""Who may do what: roles and their permissions (used by the copilot; any surface may ask).

Roles, each including the one before: `viewer` (see goals, runs, designs), `operator`
(design, start/retry/cancel runs, schedule deployments, change goals), `approver` (answer
paused runs and confirmations that approve something), `admin` (everything).

Configuration: `<keiri home>/permissions.yaml`

    default_role: viewer          # users not listed (default: viewer)
    users:
      tanaka: operator
      suzuki: approver

No file → an unconfigured local install: whoever uses it is the local user, an `admin`
(`source: "default"`). Imports only `keiri.base.settings` and `keiri.base.errors`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

import yaml

from keiri.base import settings
from keiri.base.catalog import t
from keiri.base.errors import ConfigError, did_you_mean

__all__ = [
    "PERMISSIONS",
    "ROLES",
    "Access",
    "Permission",
    "Role",
    "access_for",
    "permissions_file",
]

Role = Literal["viewer", "operator", "approver", "admin"]
Permission = Literal["view", "design", "run", "schedule", "goal", "approve", "admin"]
ROLES: tuple[Role, ...] = get_args(Role)

PERMISSIONS: dict[Role, frozenset[Permission]] = {
    "viewer": frozenset({"view"}),
    "operator": frozenset({"view", "design", "run", "schedule", "goal"}),
    "approver": frozenset({"view", "design", "run", "schedule", "goal", "approve"}),
    "admin": frozenset(get_args(Permission)),
}


@dataclass(frozen=True)
class Access:
    user: str
    role: Role
    source: Literal["file", "default"]

    def allows(self, permission: Permission) -> bool:
        return permission in PERMISSIONS[self.role]


def permissions_file(home: Path | None = None) -> Path:
    return (home or settings.keiri_home()) / "permissions.yaml"


def access_for(user: str, home: Path | None = None) -> Access:
    """The role of `user` from the permissions file (admin when there is none)."""
    path = permissions_file(home)
    if not path.is_file():
        return Access(user, "admin", "default")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except OSError:
        raise _problem(path, t("runtime.permissions.unreadable")) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        message = (
            t("runtime.permissions.yaml_at", line=mark.line + 1, column=mark.column + 1)
            if mark is not None
            else t("runtime.permissions.yaml")
        )
        raise _problem(path, message) from None
    if not isinstance(data, dict):
        raise _problem(path, t("runtime.permissions.not_mapping"))
    users = data.get("users") or {}
    if not isinstance(users, dict):
        raise _problem(path, t("runtime.permissions.users_not_mapping", field="users"))
    default = data.get("default_role", "viewer")
    if default not in ROLES:
        raise _problem(path, _bad_role("default_role", default))
    role = users.get(user, default)
    if role not in ROLES:
        raise _problem(path, _bad_role(f"users.{user}", role))
    return Access(user, role, "file")


def _bad_role(field: str, value: Any) -> str:
    hint = did_you_mean(str(value), list(ROLES))
    message = t("runtime.permissions.role", field=field, value=repr(value), roles=", ".join(ROLES))
    return message + (t("issue.hint_join", hint=hint) if hint else "")


def _problem(path: Path, message: str) -> ConfigError:
    return ConfigError(
        [t("runtime.permissions.problem", path=path, message=message)],
        fields=["permissions.yaml"],
        hint=t("runtime.permissions.hint", roles=", ".join(ROLES)),
    )
