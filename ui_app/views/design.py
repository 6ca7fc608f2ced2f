"""The Design page (seed 001 "UI 仕様"): instruction, documents, templates → a plan.

Sections: 指示とドキュメント → テンプレート（タグ・検索で絞り込み、使い方 hint/compose/llm-only）→
候補ブロック（Top-K、I/O 付き、固定すると必ず LLM に提示）→「自動生成」→ 結果（試行と差分、
メトリクス）→ 不足項目 → 設計チャット（requirements を1つずつ、ui.interactive_input の inquire と同じ
検証）→ YAML エディタ →「検証/ドライラン」「登録」。Session state keys start with `design::`.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any, cast

import streamlit as st

from blocks.llm.client import LLMClient
from blocks.sdk.errors import BlockError, Issue, IssuesFound
from blocks.sdk.registry import BlockRegistry
from designer import (
    DesignEngineOptions,
    GeneratedPlan,
    LoadedTemplate,
    check_plan_text,
    extract_documents,
    generate_plan,
    load_templates,
    save_plan,
    summarize_generations,
)
from designer.repair import describe_port
from designer.result import ApplyMode
from designer.retrieval import Candidate
from designer.retrieval_mode import (
    RetrievalChoice,
    RetrievalMode,
    choose_retrieval,
    retrieve_with,
)
from ui_app.views.design_chat import (
    K,
    block_registry,
    chat_section,
    get_value,
    missing_section,
    set_value,
)

__all__ = ["render"]

MODES = {"hint": "ヒント（例として提示）", "compose": "合成（固定ノード）", "llm-only": "使わない"}


def _show_issues(issues: list[Issue]) -> None:
    for issue in issues:
        text = f"**{issue.code}** `{issue.location()}`" + (
            f" [{issue.node_id}]" if issue.node_id else ""
        )
        body = f"{text}\n\n{issue.message}" + (
            f"\n\n:material/lightbulb: {issue.hint}" if issue.hint else ""
        )
        (st.error if issue.severity == "error" else st.warning)(body)


def _show_block_error(exc: BlockError) -> None:
    st.error(f"{exc.code}: {exc.message}", icon=":material/error:")
    if exc.hint:
        st.info(exc.hint, icon=":material/lightbulb:")


def _templates() -> dict[str, LoadedTemplate]:
    try:
        return load_templates()
    except IssuesFound as exc:
        st.error("テンプレートの読み込みに失敗しました")
        _show_issues(exc.issues)
        return {}


def _template_section(catalog: dict[str, LoadedTemplate]) -> tuple[list[str], str]:
    st.subheader("テンプレート")
    tags = sorted({tag for t in catalog.values() for tag in t.spec.tags})
    left, right = st.columns(2)
    chosen_tags = left.multiselect("タグで絞り込み", tags, key=K + "tags")
    search = right.text_input("検索", key=K + "template_search").strip().lower()
    selected_now = list(get_value("templates", []))
    visible = [
        t.id
        for t in catalog.values()
        if (not chosen_tags or set(chosen_tags) & set(t.spec.tags))
        and (not search or search in f"{t.id} {t.spec.title} {t.spec.description}".lower())
    ]
    options = sorted(set(visible) | set(selected_now))
    selected = st.multiselect(
        "使うテンプレート",
        options,
        format_func=lambda i: f"{catalog[i].spec.title}（{i}）",
        key=K + "templates",
    )
    for template_id in selected:
        spec = catalog[template_id].spec
        imports = ", ".join(f"{k}: {v.type}" for k, v in spec.imports.items()) or "なし"
        exports = ", ".join(f"{k}: {v.type}" for k, v in spec.exports.items()) or "なし"
        st.caption(f"{spec.title} — 入力 {imports} / 出力 {exports}")
    mode = st.radio(
        "テンプレートの使い方",
        list(MODES),
        format_func=MODES.__getitem__,
        horizontal=True,
        key=K + "mode",
    )
    return selected, str(mode)


@st.cache_data(show_spinner=False, ttl=900, max_entries=64)
def _ranked(
    instruction: str, mode: dict[str, Any], k: int, total: int, pinned: tuple[str, ...], _at: str
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Top-K candidates and the retrieval used (cached per text, mode and endpoint `_at`:
    one query embedding each)."""
    wanted = RetrievalMode(**{k: v for k, v in mode.items() if k != "label"})
    found, used = retrieve_with(
        wanted,
        instruction,
        block_registry(),
        client=LLMClient.from_env,
        k_per_category=k,
        total=total,
        pinned=pinned,
    )
    return [c.to_json() for c in found], used.to_json()


def _candidates_section(
    instruction: str, registry: BlockRegistry, options: DesignEngineOptions
) -> list[str]:
    st.subheader("候補ブロック（Top-K）")
    if not instruction.strip():
        st.caption("指示を入力すると候補ブロックが表示されます")
        return []
    endpoint = os.environ.get("OPENAI_BASE_URL") or os.environ.get("AZURE_OPENAI_ENDPOINT", "")
    try:
        found, used = _ranked(
            instruction,
            choose_retrieval(options.retrieval).to_json(),
            options.topk_per_category,
            options.topk_total,
            tuple(options.pinned_blocks),
            endpoint,
        )
    except BlockError as exc:
        _show_block_error(exc)
        return []
    mode = RetrievalMode(**{k: v for k, v in used.items() if k != "label"})
    st.caption(f"検索方式: {mode.describe()}")
    candidates = [Candidate(**c) for c in found]
    rows = []
    for cand in candidates:
        spec = registry.get(cand.block_id)
        rows.append(
            {
                "id": cand.block_id,
                "カテゴリ": cand.category,
                "スコア": round(cand.score, 2),
                "入力": ", ".join(f"{k}:{describe_port(p)}" for k, p in spec.inputs.items()),
                "出力": ", ".join(spec.outputs),
                "説明": spec.description.strip().splitlines()[0]
                if spec.description.strip()
                else "",
            }
        )
    st.dataframe(rows, hide_index=True, width="stretch")
    return list(
        st.multiselect(
            "固定する候補（必ず LLM に提示）", [c.block_id for c in candidates], key=K + "pinned"
        )
    )


def _options() -> DesignEngineOptions:
    with st.expander("詳細設定"):
        per_category = st.number_input("カテゴリごとの候補数 K", 1, 20, 6, key=K + "k")
        total = st.number_input("候補の合計上限", 1, 100, 30, key=K + "total")
        attempts = st.number_input("最大試行回数（自己修復を含む）", 1, 5, 2, key=K + "attempts")
        retrieval = st.selectbox(
            "検索方式", ["auto", "bm25", "embedding", "hybrid"], key=K + "retrieval"
        )
    return DesignEngineOptions(
        topk_per_category=int(per_category),
        topk_total=int(total),
        max_attempts=int(attempts),
        retrieval=cast(RetrievalChoice, retrieval),
    )


def _run_generation(
    instruction: str,
    uploads: list[Any],
    templates: list[str],
    mode: str,
    options: DesignEngineOptions,
    pinned: list[str],
    answers: dict[str, Any],
) -> None:
    docs = extract_documents([(u.name, u.getvalue()) for u in uploads])
    for failure in docs.failures:
        st.warning(f"{failure.name}: {failure.code} — {failure.message}")
    opts = replace(options, pinned_blocks=(*options.pinned_blocks, *pinned))
    try:
        with st.spinner("プランを生成しています…"):
            result = generate_plan(
                instruction,
                docs,
                block_registry(),
                opts,
                templates,
                cast(ApplyMode, mode),
                answers=answers,
            )
    except BlockError as exc:
        _show_block_error(exc)
        return
    set_value("result", result)
    set_value("requirements", [r.model_dump() for r in result.requirements])
    set_value("answers", {})
    set_value("check", None)
    st.session_state[K + "yaml"] = result.yaml


def _result_section(result: GeneratedPlan) -> None:
    st.subheader("生成結果")
    if result.fallback:
        st.warning(
            "フォールバックの暫定プランです（KEIRI_AGENT_LLM_FALLBACK）。内容を確認してください。"
        )
    if result.ok:
        st.success(
            f"プラン {result.plan.id if result.plan else ''} は検証とドライランに合格しました"
        )
    else:
        st.error(
            f"検証エラーが {len(result.errors)} 件あります。不足項目に答えるか YAML を修正してください。"
        )
    m = result.metrics
    cols = st.columns(4)
    cols[0].metric("試行回数", m.attempts)
    cols[1].metric("自己修復", m.repair_rounds)
    cols[2].metric("ドライラン (ms)", m.dry_run_ms if m.dry_run_ms is not None else "-")
    cols[3].metric("所要時間 (s)", round(m.total_ms / 1000, 1))
    if result.reasoning:
        st.caption(f"設計メモ: {result.reasoning}")
    shown = ", ".join(c.block_id for c in result.candidates)
    mode = result.retrieval.describe() if result.retrieval else result.metrics.retrieval
    st.caption(f"LLM に提示した候補（検索方式: {mode}）: {shown}")
    if result.placeholders:
        st.warning(
            f"未設定の設定値が {len(result.placeholders)} 件あります（プレースホルダ）。"
            "設計チャットで回答するまで、このプランは実行できません。"
        )
    if result.compose is not None and result.compose.conflicts:
        for conflict in result.compose.conflicts:
            st.warning(f"合成の競合: {conflict.message} → {conflict.resolution}")
    with st.expander("試行と差分"):
        for attempt in result.attempts:
            st.markdown(
                f"**試行 {attempt.number}（{attempt.stage}）**: エラー {len(attempt.errors)} 件"
            )
            if attempt.diff is not None:
                st.text(attempt.diff.render())
            for issue in attempt.errors[:10]:
                st.caption(f"{issue.code} {issue.location()}: {issue.message}")


def render() -> None:
    """The Design page."""
    st.header("プラン設計")
    registry = block_registry()
    catalog = _templates()
    st.subheader("指示とドキュメント")
    instruction = st.text_area(
        "指示",
        key=K + "instruction",
        height=120,
        placeholder="例: 請求書と入金明細を照合し、未入金の一覧をExcelに出力する",
    )
    uploads = st.file_uploader(
        "参考ドキュメント（.txt .md .csv .pdf .docx .xlsx）",
        type=["txt", "md", "csv", "pdf", "docx", "xlsx"],
        accept_multiple_files=True,
        key=K + "docs",
    )
    templates, mode = _template_section(catalog)
    options = _options()
    pinned = _candidates_section(instruction, registry, options)
    model_answers = dict(get_value("model_answers", {}))
    label = "回答を使って再生成" if model_answers else "自動生成"
    if st.button(label, type="primary", key=K + "generate"):
        if not instruction.strip():
            st.error("指示を入力してください")
        else:
            _run_generation(
                instruction, list(uploads or []), templates, mode, options, pinned, model_answers
            )
    result: GeneratedPlan | None = get_value("result")
    if result is not None:
        _result_section(result)
    check = get_value("check")
    missing_section(
        result, check.errors if check is not None else (result.errors if result else [])
    )
    chat_section()
    st.subheader("Plan YAML")
    text = st.text_area("YAML（編集できます）", key=K + "yaml", height=420)
    left, right = st.columns(2)
    if left.button("検証/ドライラン", key=K + "validate"):
        check = check_plan_text(text, registry)
        set_value("check", check)
    if right.button("登録", key=K + "register"):
        check = check_plan_text(text, registry)
        set_value("check", check)
        if check.ok and check.plan is not None:
            path = save_plan(text, check.plan.id)
            st.success(f"登録しました: {path}")
        else:
            st.error("検証エラーがあるため登録できません")
    check = get_value("check")
    if check is not None:
        if check.ok:
            st.success(f"検証とドライランに合格しました（ドライラン {check.dry_run_ms} ms）")
        _show_issues(check.errors + check.warnings)
    with st.expander("生成メトリクス（直近）"):
        st.json(summarize_generations())
