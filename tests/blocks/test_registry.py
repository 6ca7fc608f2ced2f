"""The registry: discovery, did-you-mean, id@semver resolution, duplicates, --check."""

from __future__ import annotations

from pathlib import Path

import pytest

from blocks.sdk.errors import BlockError
from blocks.sdk.registry import BlockRegistry

SPEC = "id: {id}\nversion: {version}\nentrypoint: blocks/data/aggregate.py:AggregateBlock\noutputs:\n  count: {{type: integer, dry_run: {{samples: [1]}}}}\n"


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
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    ja = reg.check(reg.get("data.odd"))
    assert ja[0] == (
        "inputs.rows.type: JSON Schema として正しくありません: 12 はどの形にも合いません"
        "（使えるもの: 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'）"
    )
    assert ja[1] == (
        "outputs.model: $ref 'blocks.data.nothing_here:Model' が指す pydantic モデルを読み込めません"
    )
    assert ja[-1] == (
        "outputs.count: dry-run 用の見本がありません"
        "（dry_run.samples・examples・default のいずれかを書いてください）"
    )
    monkeypatch.setenv("KEIRI_LANG", "en")
    en = reg.check(reg.get("data.odd"))
    assert en[0] == (
        "inputs.rows.type: invalid JSON Schema: 12 does not fit any of the allowed forms "
        "(allowed: 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string')"
    )
    assert en[1] == (
        "outputs.model: $ref 'blocks.data.nothing_here:Model' does not name an importable "
        "pydantic model"
    )
    assert en[-1] == "outputs.count: no dry_run.samples/examples/default declared"


@pytest.mark.parametrize(
    ("port", "ja", "en"),
    [
        (
            "{type: strng}",
            "inputs.rows.type: JSON Schema として正しくありません: 'strng' はどの形にも合いません"
            "（使えるもの: 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'）"
            "（もしかして: 'string'）",
            "did you mean 'string'",
        ),
        (
            "{type: object, properties: {total: {type: number, minimum: low}}}",
            "inputs.rows.properties.total.minimum: JSON Schema として正しくありません: "
            "数値を書いてください（入力: 'low'）",
            "inputs.rows.properties.total.minimum: invalid JSON Schema: expected a number",
        ),
        (
            "{type: array, items: 3}",
            "inputs.rows.items: JSON Schema として正しくありません: "
            "マッピング（キー: 値）, 真偽値（true/false）を書いてください（入力: 3）",
            "expected a mapping, true or false (got 3)",
        ),
        (
            "{type: [string, string]}",
            "inputs.rows.type: JSON Schema として正しくありません: 同じ項目が 2 回以上あります",
            "the items must differ",
        ),
        (
            "{type: object, nullable: true, properties: {x: {type: strin}}}",
            "inputs.rows.properties.x.type: JSON Schema として正しくありません: 'strin' は",
            "inputs.rows.properties.x.type: invalid JSON Schema: 'strin' does not fit",
        ),
        (
            "{type: object, properties: {a: {type: object, required: name}}}",
            "inputs.rows.properties.a.required: JSON Schema として正しくありません: リスト",
            "expected a list (got 'name')",
        ),
    ],
)
def test_a_port_schema_problem_names_its_key_path_and_keyword_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, port: str, ja: str, en: str
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
    monkeypatch.delenv("KEIRI_LANG", raising=False)
    [problem] = reg.check(reg.get("data.odd"))
    assert problem.startswith(ja) and "given schemas" not in problem and " is not " not in problem
    monkeypatch.setenv("KEIRI_LANG", "en")
    [problem] = reg.check(reg.get("data.odd"))
    assert en in problem and "given schemas" not in problem
