"""The registry: discovery, did-you-mean, id@semver resolution, duplicates, --check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry
from keiri.base.catalog import t

SPEC = "id: {id}\nversion: {version}\nentrypoint: blocks/data/aggregate.py:AggregateBlock\noutputs:\n  count: {{type: integer, dry_run: {{samples: [1]}}}}\n"

#: The JSON Schema type names a port's `type` may take, as a schema problem lists them.
JSON_TYPES = "'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'"


def make(root: Path, name: str, block_id: str, version: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SPEC.format(id=block_id, version=version), encoding="utf-8")
    return path


def test_resolution_by_semver(tmp_path: Path) -> None:
    make(tmp_path, "a/one.yaml", "data.thing", "1.0.0")
    make(tmp_path, "a/two.yaml", "data.thing", "1.4.2")
    make(tmp_path, "a/three.yaml", "data.thing", "2.0.0")
    reg = BlockRegistry(roots=[tmp_path])
    assert reg.resolve("data.thing").entry.spec.version == "2.0.0"  # type: ignore[union-attr]
    assert reg.resolve("data.thing@1.0.0").entry.spec.version == "1.0.0"  # type: ignore[union-attr]
    assert reg.resolve("data.thing@1.2.0").entry.spec.version == "1.4.2"  # type: ignore[union-attr]
    bad = reg.resolve("data.thing@3.0.0")
    assert bad.entry is None and bad.code == "BLOCK_VERSION_INCOMPATIBLE"
    assert "1.0.0, 1.4.2, 2.0.0" in bad.message


def test_duplicate_ids_name_both_files(tmp_path: Path) -> None:
    first = make(tmp_path, "a.yaml", "data.thing", "1.0.0")
    second = make(tmp_path, "b/a.yaml", "data.thing", "1.0.0")
    reg = BlockRegistry(roots=[tmp_path])
    assert len(reg.problems) == 1
    assert str(first) in reg.problems[0].message and str(second) in reg.problems[0].message


def test_unknown_block_suggests(registry: BlockRegistry) -> None:
    resolution = registry.resolve("data.agregate")
    assert resolution.code == "UNKNOWN_BLOCK" and "data.aggregate" in resolution.hint
    with pytest.raises(BlockError):
        registry.get("nope.nope")


def test_invalid_spec_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        "id: Bad Id\nversion: one\nentrypoint: x\n", encoding="utf-8"
    )
    reg = BlockRegistry(roots=[tmp_path])
    assert {p.path for p in reg.problems} >= {"id", "version", "entrypoint"}


def test_check_reports_missing_implementation(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(
        SPEC.format(id="data.ghost", version="1.0.0").replace(
            "blocks/data/aggregate.py:AggregateBlock", "blocks/data/ghost.py:Ghost"
        ),
        encoding="utf-8",
    )
    reg = BlockRegistry(roots=[tmp_path])
    problems = reg.check(reg.get("data.ghost"))
    assert problems and "BLOCK_NOT_IMPLEMENTED" in problems[0] and "data.ghost" in problems[0]


def test_every_shipped_block_passes_check(registry: BlockRegistry) -> None:
    assert registry.problems == []
    failures = {spec.id: registry.check(spec) for spec in registry.specs()}
    assert {k: v for k, v in failures.items() if v} == {}


def test_resolving_a_block_parses_only_its_own_spec_files(tmp_path: Path) -> None:
    from blocks.sdk import registry as registry_module

    used = make(tmp_path, "a/used.yaml", "data.used", "1.0.0")
    other = make(tmp_path, "b/other.yaml", "data.other", "1.0.0")
    reg = BlockRegistry(roots=[tmp_path])
    assert reg.resolve("data.used").entry.spec.version == "1.0.0"  # type: ignore[union-attr]
    parsed = {key[0] for key in registry_module._PARSED}
    assert str(used) in parsed and str(other) not in parsed
    # The catalog (ids, specs, problems) is the whole catalog.
    assert reg.ids() == ["data.other", "data.used"] and reg.problems == []
    assert str(other) in {key[0] for key in registry_module._PARSED}


def test_a_spec_whose_id_line_is_not_plain_is_still_found(tmp_path: Path) -> None:
    (tmp_path / "flow.yaml").write_text(
        "{id: data.flow, version: 1.0.0, entrypoint: 'blocks/data/aggregate.py:AggregateBlock'}\n",
        encoding="utf-8",
    )
    make(tmp_path, "plain.yaml", "data.plain", "2.0.0")
    reg = BlockRegistry(roots=[tmp_path])
    assert reg.resolve("data.flow").entry.spec.version == "1.0.0"  # type: ignore[union-attr]
    assert reg.resolve("data.plain").entry.spec.version == "2.0.0"  # type: ignore[union-attr]


def test_check_and_ref_problems_read_in_japanese_and_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A port schema that is not JSON Schema, an output without dry-run samples and a `$ref`
    that names no model: what `keiri blocks --check` and a spec's loading say, in Japanese
    by default and in English with `KEIRI_LANG=en`."""
    (tmp_path / "x.yaml").write_text(
        "id: data.odd\nversion: 1.0.0\nentrypoint: blocks/data/aggregate.py:AggregateBlock\n"
        "inputs:\n  rows: {type: 12}\n"
        "outputs:\n  count: {type: integer}\n"
        "  model: {$ref: 'blocks.data.nothing_here:Model', dry_run: {samples: [{}]}}\n",
        encoding="utf-8",
    )
    reg = BlockRegistry(roots=[tmp_path])

    def expected() -> list[str]:
        """The three problems in the language of KEIRI_LANG at the time."""
        reason = t("issue.schema.any_of_enum", expected=JSON_TYPES, actual="12")
        ref = t("issue.spec.ref_not_found", ref=repr("blocks.data.nothing_here:Model"))
        return [
            t("issue.spec.invalid_port_schema", port="inputs.rows.type", reason=reason),
            t("issue.spec.port_problem", port="outputs.model", message=ref),
            t("issue.spec.no_samples", port="outputs.count"),
        ]

    monkeypatch.delenv("KEIRI_LANG", raising=False)
    ja = reg.check(reg.get("data.odd"))
    assert [ja[0], ja[1], ja[-1]] == expected()  # Japanese by default
    monkeypatch.setenv("KEIRI_LANG", "en")
    en = reg.check(reg.get("data.odd"))
    assert [en[0], en[1], en[-1]] == expected()  # t reads KEIRI_LANG=en too


def _did_you_mean_string() -> str:
    return t("issue.hint_join", hint=t("issue.did_you_mean", names="'string'"))


@pytest.mark.parametrize(
    ("port", "path", "reason"),
    [
        (
            "{type: strng}",
            "inputs.rows.type",
            lambda: (
                t("issue.schema.any_of_enum", expected=JSON_TYPES, actual="'strng'")
                + _did_you_mean_string()
            ),
        ),
        (
            "{type: object, properties: {total: {type: number, minimum: low}}}",
            "inputs.rows.properties.total.minimum",
            lambda: t("issue.schema.type", expected=t("issue.schema.type.number"), actual="'low'"),
        ),
        (
            "{type: array, items: 3}",
            "inputs.rows.items",
            lambda: t(
                "issue.schema.type",
                expected=f"{t('issue.schema.type.object')}, {t('issue.schema.type.boolean')}",
                actual="3",
            ),
        ),
        (
            "{type: [string, string]}",
            "inputs.rows.type",
            lambda: t("issue.schema.unique_items", actual=t("issue.value.list", count=2)),
        ),
        (
            "{type: object, nullable: true, properties: {x: {type: strin}}}",
            "inputs.rows.properties.x.type",
            lambda: (
                t("issue.schema.any_of_enum", expected=JSON_TYPES, actual="'strin'")
                + _did_you_mean_string()
            ),
        ),
        (
            "{type: object, properties: {a: {type: object, required: name}}}",
            "inputs.rows.properties.a.required",
            lambda: t("issue.schema.type", expected=t("issue.schema.type.array"), actual="'name'"),
        ),
    ],
)
def test_a_port_schema_problem_names_its_key_path_and_keyword_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, port: str, path: str, reason: Callable[[], str]
) -> None:
    """jsonschema's own English ("... is not valid under any of the given schemas") never
    shows: the metaschema error is translated by its keyword, at its key path in the port."""
    (tmp_path / "x.yaml").write_text(
        "id: data.odd\nversion: 1.0.0\nentrypoint: blocks/data/aggregate.py:AggregateBlock\n"
        f"inputs:\n  rows: {port}\n"
        "outputs:\n  count: {type: integer, examples: [1]}\n",
        encoding="utf-8",
    )
    reg = BlockRegistry(roots=[tmp_path])
    for lang in ("ja", "en"):  # t reads KEIRI_LANG as the check does
        monkeypatch.setenv("KEIRI_LANG", lang)
        [problem] = reg.check(reg.get("data.odd"))
        assert problem == t("issue.spec.invalid_port_schema", port=path, reason=reason())
        assert "given schemas" not in problem and " is not " not in problem
