"""`ai.analyze` in a plan on the local Prefect server: the agent's question pauses the run
(the inbox form), the answer resumes it, the report comes out as the node's outputs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from keiri.cli import main
from tests.blocks.analysis.script import AnalysisScript
from tests.conftest import ROOT
from tests.support.openai_server import LLM_ENV, ScriptedOpenAI

pytestmark = pytest.mark.prefect
DESIGN = ROOT / "designs" / "analyze_differences.yaml"
RECONCILED = """取引先,請求額,入金額,差額
サンプル商事,110000,109560,440
テスト物産,55000,55000,0
北海商会,33000,32340,660
"""


@pytest.fixture
def script() -> AnalysisScript:
    return AnalysisScript()


@pytest.fixture
def cli(
    prefect_server: str,
    monkeypatch: pytest.MonkeyPatch,
    script: AnalysisScript,
    capsys: pytest.CaptureFixture[str],
) -> Iterator[Any]:
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KEIRI_USER", "sato")
    with ScriptedOpenAI(handler=script.handler) as srv:
        for key, value in srv.env().items():
            monkeypatch.setenv(key, value)
        monkeypatch.setenv("KEIRI_LLM_MAX_RETRIES", "0")

        def invoke(*args: str) -> tuple[int, dict[str, Any] | None, str]:
            code = main(list(args))
            out, err = capsys.readouterr()
            try:
                return code, json.loads(out), err
            except json.JSONDecodeError:
                return code, None, out + err

        yield invoke


def test_an_ask_turn_pauses_the_run_and_the_answer_completes_it(
    cli: Any, script: AnalysisScript, tmp_path: Path
) -> None:
    data = tmp_path / "照合結果.csv"
    data.write_text(RECONCILED, encoding="utf-8")
    script.reason("ask", question="差額は振込手数料として扱ってよいですか？")
    script.reason("act", instruction="差額の分布を集計", assumption="差額は振込手数料")
    script.code(
        "t = df.groupby('差額', as_index=False).size()\nt.to_csv('diff.csv', index=False)\n"
        "fig, ax = plt.subplots()\nax.bar(t['差額'].astype(str), t['size'])\n"
        "ax.set_title('差額の分布')\nfig.savefig('diff.png')\nprint(t.to_dict('records'))",
        ("diff.csv", "差額の分布", "table"),
        ("diff.png", "差額の分布", "figure"),
    )
    script.reason("finalize")
    script.report(
        "差額の傾向",
        [
            {"section_type": "text", "content": "## 結論\n差額は振込手数料（440円・660円）です。"},
            {"section_type": "table", "content": "diff.csv", "description": "差額の分布"},
            {"section_type": "image", "content": "diff.png", "description": "差額の分布"},
        ],
    )

    code, doc, err = cli(
        "run", str(DESIGN), "--input", f"collect_data.table=@{data}", "--detach", "--json"
    )

    assert code == 3 and doc is not None, (doc, err)
    assert doc["paused"]["node_id"] == "analyze"
    run_id = doc["run_id"]

    code, doc, err = cli("resume", run_id, "--input", "answer=はい、手数料です", "--json")

    assert code == 0 and doc is not None, (doc, err)
    outputs = doc["outputs"]["analyze"]
    assert outputs["report_markdown"].startswith("# 差額の傾向")
    assert outputs["tables"][0]["rows"] == [
        {"差額": 0, "size": 1},
        {"差額": 440, "size": 1},
        {"差額": 660, "size": 1},
    ]
    [chart] = outputs["charts"]
    assert chart["name"] == "diff.png" and chart["uri"].startswith("keiri://store/")
    assert "はい、手数料です" in script.prompts("ReasonOutput")[1]
    events = [
        json.loads(line) for line in Path(doc["log"]).read_text(encoding="utf-8").splitlines()
    ]
    kinds = [e["event"] for e in events]
    assert "node_paused" in kinds and "node_resumed" in kinds and "analysis_action" in kinds
    resumed = next(e for e in events if e["event"] == "node_resumed")
    assert resumed["resumed_by"] == "sato"
