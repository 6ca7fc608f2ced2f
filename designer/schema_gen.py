"""Generate `schemas/template.schema.json` from `TemplateSpec` (`python -m designer.schema_gen`).

Template files start with `# yaml-language-server: $schema=../../../schemas/template.schema.json`
so editors autocomplete them; `tests/designer/test_templates.py` fails when the committed
schema drifts from the model.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from designer.templates import TemplateSpec
from keiri.base import settings

__all__ = ["SCHEMA_NAME", "main", "render", "template_schema"]

SCHEMA_NAME = "template.schema.json"


def template_schema() -> dict[str, Any]:
    schema = TemplateSpec.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "keiri plan template"
    return schema


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main() -> int:
    out = settings.project_root() / "schemas" / SCHEMA_NAME
    out.parent.mkdir(exist_ok=True)
    out.write_text(render(template_schema()), encoding="utf-8")
    sys.stdout.write(f"wrote schemas/{SCHEMA_NAME}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
