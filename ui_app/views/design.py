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
from keiri.base.catalog import t
from ui_app.llm_notice import llm_ready
from ui_app.views.design_chat import (
    K,
    block_registry,
    chat_section,
    get_value,
    missing_section,
    set_value,
)

__all__ = ["render"]

#: How the chosen templates are used -> its words.
MODES = {
    "hint": "design.mode.hint",
    "compose": "design.mode.compose",
    "llm-only": "design.mode.llm_only",
}


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
        st.error(t("design.templates_failed"))
        _show_issues(exc.issues)
        return {}


def _template_section(catalog: dict[str, LoadedTemplate]) -> tuple[list[str], str]:
    st.subheader(t("design.templates"))
    tags = sorted({tag for tpl in catalog.values() for tag in tpl.spec.tags})
    left, right = st.columns(2)
    chosen_tags = left.multiselect(t("design.filter_tags"), tags, key=K + "tags")
    search = right.text_input(t("design.search"), key=K + "template_search").strip().lower()
    selected_now = list(get_value("templates", []))
    visible = [
        tpl.id
        for tpl in catalog.values()
        if (not chosen_tags or set(chosen_tags) & set(tpl.spec.tags))
        and (not search or search in f"{tpl.id} {tpl.spec.title} {tpl.spec.description}".lower())
    ]
    options = sorted(set(visible) | set(selected_now))
    selected = st.multiselect(
        t("design.use_templates"),
        options,
        format_func=lambda i: t("design.template_option", title=catalog[i].spec.title, id=i),
        key=K + "templates",
    )
    for template_id in selected:
        spec = catalog[template_id].spec
        none = t("design.none")
        imports = ", ".join(f"{k}: {v.type}" for k, v in spec.imports.items()) or none
        exports = ", ".join(f"{k}: {v.type}" for k, v in spec.exports.items()) or none
        st.caption(t("design.template_ports", title=spec.title, inputs=imports, outputs=exports))
    mode = st.radio(
        t("design.template_mode"),
        list(MODES),
        format_func=lambda m: t(MODES[m]),
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
    from blocks.llm.client import LLMClient

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
    st.subheader(t("design.candidates"))
    if not instruction.strip():
        st.caption(t("design.candidates_empty"))
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
    st.caption(t("design.retrieval_used", mode=mode.describe()))
    candidates = [Candidate(**c) for c in found]
    rows = []
    for cand in candidates:
        spec = registry.get(cand.block_id)
        rows.append(
            {
                "id": cand.block_id,
                t("design.col.category"): cand.category,
                t("design.col.score"): round(cand.score, 2),
                t("design.col.inputs"): ", ".join(
                    f"{k}:{describe_port(p)}" for k, p in spec.inputs.items()
                ),
                t("design.col.outputs"): ", ".join(spec.outputs),
                t("design.col.description"): spec.description.strip().splitlines()[0]
                if spec.description.strip()
                else "",
            }
        )
    st.dataframe(rows, hide_index=True, width="stretch")
    return list(
        st.multiselect(t("design.pinned"), [c.block_id for c in candidates], key=K + "pinned")
    )


def _options() -> DesignEngineOptions:
    with st.expander(t("design.options")):
        per_category = st.number_input(t("design.per_category"), 1, 20, 6, key=K + "k")
        total = st.number_input(t("design.total"), 1, 100, 30, key=K + "total")
        attempts = st.number_input(t("design.attempts"), 1, 5, 2, key=K + "attempts")
        retrieval = st.selectbox(
            t("design.retrieval"), ["auto", "bm25", "embedding", "hybrid"], key=K + "retrieval"
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
        with st.spinner(t("design.generating")):
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
    st.subheader(t("design.result"))
    if result.fallback:
        st.warning(t("design.fallback"))
    if result.ok:
        st.success(t("design.passed", plan=result.plan.id if result.plan else ""))
    else:
        st.error(t("design.errors", count=len(result.errors)))
    m = result.metrics
    cols = st.columns(4)
    cols[0].metric(t("design.metric.attempts"), m.attempts)
    cols[1].metric(t("design.metric.repairs"), m.repair_rounds)
    cols[2].metric(t("design.metric.dry_run"), m.dry_run_ms if m.dry_run_ms is not None else "-")
    cols[3].metric(t("design.metric.total"), round(m.total_ms / 1000, 1))
    if result.reasoning:
        st.caption(t("design.reasoning", text=result.reasoning))
    shown = ", ".join(c.block_id for c in result.candidates)
    mode = result.retrieval.describe() if result.retrieval else result.metrics.retrieval
    st.caption(t("design.shown", mode=mode, blocks=shown))
    if result.placeholders:
        st.warning(t("design.placeholders", count=len(result.placeholders)))
    if result.compose is not None and result.compose.conflicts:
        for conflict in result.compose.conflicts:
            st.warning(
                t("design.conflict", message=conflict.message, resolution=conflict.resolution)
            )
    with st.expander(t("design.attempts_diffs")):
        for attempt in result.attempts:
            st.markdown(
                t(
                    "design.attempt",
                    number=attempt.number,
                    stage=attempt.stage,
                    count=len(attempt.errors),
                )
            )
            if attempt.diff is not None:
                st.text(attempt.diff.render())
            for issue in attempt.errors[:10]:
                st.caption(f"{issue.code} {issue.location()}: {issue.message}")


def render() -> None:
    """The Design page."""
    st.header(t("design.title"))
    # Generation needs the LLM; without it the YAML editor, 検証 and 登録 still work.
    ready = llm_ready()
    registry = block_registry()
    catalog = _templates()
    st.subheader(t("design.instruction_section"))
    instruction = st.text_area(
        t("design.instruction"),
        key=K + "instruction",
        height=120,
        placeholder=t("design.instruction_placeholder"),
        disabled=not ready,
    )
    uploads = st.file_uploader(
        t("design.documents"),
        type=["txt", "md", "csv", "pdf", "docx", "xlsx"],
        accept_multiple_files=True,
        key=K + "docs",
        disabled=not ready,
    )
    templates, mode = _template_section(catalog)
    options = _options()
    pinned = _candidates_section(instruction, registry, options)
    model_answers = dict(get_value("model_answers", {}))
    label = t("design.regenerate") if model_answers else t("design.generate")
    if st.button(label, type="primary", key=K + "generate", disabled=not ready):
        if not instruction.strip():
            st.error(t("design.instruction_missing"))
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
    text = st.text_area(t("design.yaml"), key=K + "yaml", height=420)
    left, right = st.columns(2)
    if left.button(t("design.validate"), key=K + "validate"):
        check = check_plan_text(text, registry)
        set_value("check", check)
    if right.button(t("design.register"), key=K + "register"):
        check = check_plan_text(text, registry)
        set_value("check", check)
        if check.ok and check.plan is not None:
            path = save_plan(text, check.plan.id)
            st.success(t("design.registered", path=path))
        else:
            st.error(t("design.not_registered"))
    check = get_value("check")
    if check is not None:
        if check.ok:
            st.success(t("design.check_passed", ms=check.dry_run_ms))
        _show_issues(check.errors + check.warnings)
    with st.expander(t("design.recent_metrics")):
        st.json(summarize_generations())
