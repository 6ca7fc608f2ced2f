"""`ai.analyze` as a block (inline, no Prefect): records in, report out; answers given up
front; a question nobody can answer is a clear error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from blocks.analysis.analyze import AnalyzeBlock
from blocks.llm.client import LLMClient
from blocks.sdk.context import BlockContext
from blocks.sdk.errors import BlockError, ErrorCode
from blocks.sdk.spec import BlockSpec
from blocks.sdk.store import FileStore
from keiri.base.catalog import t
from tests.blocks.analysis.script import AnalysisScript
from tests.conftest import ROOT

SPEC = ROOT / "block_specs" / "processing" / "ai.analyze.yaml"
RECORDS = [
    {"取引先": "サンプル商事", "差額": 440},
    {"取引先": "テスト物産", "差額": 0},
    {"取引先": "北海商会", "差額": 660},
]


@pytest.fixture
def block() -> AnalyzeBlock:
    return AnalyzeBlock(BlockSpec.model_validate(yaml.safe_load(SPEC.read_text(encoding="utf-8"))))


def _ctx(tmp_path: Path, llm: LLMClient, answers: dict[str, Any] | None = None) -> BlockContext:
    events: list[dict[str, Any]] = []
    ctx = BlockContext(
        run_id="r",
        plan_id="p",
        node_id="analyze",
        file_store=FileStore(tmp_path / "store"),
        services={"llm_client": llm},
        answers=answers or {},
        emit=lambda event, **fields: events.append({"event": event, **fields}),
    )
    ctx.services["events"] = events
    return ctx


def test_records_in_report_out_with_an_answer_given_up_front(
    block: AnalyzeBlock, script: AnalysisScript, llm: LLMClient, tmp_path: Path
) -> None:
    script.reason("ask", question="差額は手数料ですか？")
    script.reason("act", instruction="差額の合計")
    script.code("print(int(df['差額'].sum()))")
    script.reason("finalize")
    script.report("差額", [{"section_type": "text", "content": "差額の合計は 1,100 円です。"}])
    ctx = _ctx(tmp_path, llm, {"answer": "はい"})

    out = block.execute(ctx, {"records": RECORDS, "question": "差額の傾向を分析して"})

    assert out["markdown"].startswith("# 差額\n")
    assert out["loops"] == 2
    assert out["executions"][0]["stdout"] == "1100\n"
    assert ctx.read_bytes(out["report_file"]).decode("utf-8") == out["markdown"]
    assert (Path(out["workspace"]) / "records.csv").is_file()
    events = [e["event"] for e in ctx.services["events"]]
    assert events.count("analysis_action") == 1 and "analysis_report" in events


def test_a_question_without_anyone_to_answer_is_a_clear_error(
    block: AnalyzeBlock, script: AnalysisScript, llm: LLMClient, tmp_path: Path
) -> None:
    script.reason("ask", question="どの期間ですか？")
    with pytest.raises(BlockError) as caught:
        block.execute(_ctx(tmp_path, llm), {"records": RECORDS, "question": "分析して"})
    assert caught.value.code == ErrorCode.DEPENDENCY_NOT_FOUND
    assert caught.value.message == t("runtime.analyze.asking", question="どの期間ですか？")
    assert caught.value.hint == t("runtime.analyze.asking_hint", node="analyze")


def test_data_and_records_are_exclusive(
    block: AnalyzeBlock, llm: LLMClient, tmp_path: Path
) -> None:
    with pytest.raises(BlockError) as caught:
        block.execute(_ctx(tmp_path, llm), {"question": "分析して"})
    assert caught.value.code == ErrorCode.INPUT_VALIDATION_FAILED
