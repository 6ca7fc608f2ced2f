"""Generate the committed JSON Schemas (`python -m compiler.schema_gen`).

`schemas/plan.schema.json` and `schemas/block_spec.schema.json` let editors autocomplete plans
and specs (yaml-language-server); `tests/compiler/test_schemas.py` fails when they drift.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from blocks.sdk.spec import BlockSpec
from compiler.models import Plan
from keiri.base import settings

__all__ = ["generated_schemas", "main"]


def generated_schemas() -> dict[str, dict[str, Any]]:
    plan = Plan.model_json_schema(by_alias=True)
    plan["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    plan["title"] = "keiri Plan"
    spec = BlockSpec.model_json_schema(by_alias=True)
    spec["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    spec["$id"] = "https://keiri.dev/schemas/block_spec.schema.json"
    spec["title"] = "keiri block spec"
    return {"plan.schema.json": plan, "block_spec.schema.json": spec}


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main() -> int:
    out = settings.project_root() / "schemas"
    out.mkdir(exist_ok=True)
    for name, schema in generated_schemas().items():
        (out / name).write_text(render(schema), encoding="utf-8")
        sys.stdout.write(f"wrote {Path('schemas') / name}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
