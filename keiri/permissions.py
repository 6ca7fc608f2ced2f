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
(`source: "default"`). Imports only `keiri.settings` and `keiri.errors`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

import yaml

from keiri import settings
from keiri.errors import ConfigError

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
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError([f"{path}: {exc}"], fields=["permissions.yaml"]) from None
    if not isinstance(data, dict):
        raise ConfigError([f"{path}: expected a mapping"], fields=["permissions.yaml"])
    users = data.get("users") or {}
    role = users.get(user, data.get("default_role", "viewer")) if isinstance(users, dict) else None
    if role not in ROLES:
        raise ConfigError(
            [f"{path}: role {role!r} of {user!r} is not one of {', '.join(ROLES)}"],
            fields=["permissions.yaml"],
        )
    return Access(user, role, "file")
