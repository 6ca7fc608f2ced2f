"""The Design page (seed 001 "UI 仕様"): instruction, documents, templates → a plan.

Sections: 指示とドキュメント → テンプレート（タグ・検索で絞り込み、使い方 hint/compose/llm-only）→
候補ブロック（Top-K、I/O 付き、固定すると必ず LLM に提示）→「自動生成」→ 結果（試行と差分、
メトリクス）→ 不足項目 → 設計チャット（requirements を1つずつ、ui.interactive_input の inquire と同じ
検証）→ YAML エディタ →「検証/ドライラン」「登録」。Session state keys start with `design::`.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, cast

import streamlit as st

from blocks.errors import BlockError, Issue, IssuesFound
from blocks.registry import BlockRegistry
from blocks.store import FileStore
from designer import (
    DesignEngineOptions,
    DesignRequirement,
    GeneratedPlan,
    LoadedTemplate,
    apply_answers,
    check_plan_text,
    extract_documents,
    generate_plan,
    load_templates,
    plan_to_yaml,
    retrieve_blocks,
    save_plan,
    summarize_generations,
)
from designer.repair import describe_port
from designer.requirements import answer_problems
from designer.result import ApplyMode, RetrievalChoice

__all__ = ["render"]

K = "design::"
MODES = {"hint": "ヒント（例として提示）", "compose": "合成（固定ノード）", "llm-only": "使わない"}


@st.cache_resource
def _registry() -> BlockRegistry:
    return BlockRegistry()


def _get(name: str, default: Any = None) -> Any:
    return st.session_state.get(K + name, default)


def _set(name: str, value: Any) -> None:
    st.session_state[K + name] = value


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
    selected_now = list(_get("templates", []))
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


def _candidates_section(
    instruction: str, registry: BlockRegistry, options: DesignEngineOptions
) -> list[str]:
    st.subheader("候補ブロック（Top-K）")
    if not instruction.strip():
        st.caption("指示を入力すると候補ブロックが表示されます")
        return []
    candidates = retrieve_blocks(
        instruction,
        registry,
        k_per_category=options.topk_per_category,
        total=options.topk_total,
        pinned=options.pinned_blocks,
    )
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
                _registry(),
                opts,
                templates,
                cast(ApplyMode, mode),
                answers=answers,
            )
    except BlockError as exc:
        _show_block_error(exc)
        return
    _set("result", result)
    _set("requirements", [r.model_dump() for r in result.requirements])
    _set("answers", {})
    _set("check", None)
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
    st.caption(f"LLM に提示した候補（{result.metrics.retrieval}）: {shown}")
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


def _missing_section(result: GeneratedPlan | None, check_errors: list[Issue]) -> None:
    st.subheader("不足項目")
    reqs = [DesignRequirement.model_validate(r) for r in _get("requirements", [])]
    null_vars = [r for r in reqs if r.target.startswith("vars.")]
    inputs = [r for r in reqs if r.target.startswith("node.")]
    ui_nodes = [] if result is None or result.plan is None else result.plan.ui.layout
    if not (null_vars or inputs or check_errors):
        st.caption("不足項目はありません")
    if null_vars:
        st.markdown("未解決の `${vars.*}`: " + ", ".join(f"`{r.target[5:]}`" for r in null_vars))
    if inputs:
        st.markdown("未設定の入力: " + ", ".join(f"`{r.target[5:]}`" for r in inputs))
    if ui_nodes:
        st.markdown("人が操作するノード: " + ", ".join(f"`{n}`" for n in ui_nodes))
    if check_errors:
        codes: dict[str, int] = {}
        for issue in check_errors:
            codes[issue.code] = codes.get(issue.code, 0) + 1
        st.markdown("不整合: " + ", ".join(f"{c} × {n}" for c, n in codes.items()))


def _answer_widget(req: DesignRequirement) -> Any:
    key = f"{K}chat::{req.id}"
    label = req.label + ("" if req.required else "（任意）")
    if req.type == "boolean":
        return st.checkbox(label, key=key)
    if req.type == "number":
        step = 1.0 if req.validation.integer else 0.01
        number = st.number_input(label, value=None, step=step, key=key)
        return int(number) if number is not None and float(number).is_integer() else number
    if req.type == "select":
        return st.selectbox(label, req.options, index=None, key=key)
    if req.type in ("file", "files", "folder"):
        accept = [e.lstrip(".") for e in req.extensions()] or None
        files = st.file_uploader(
            label, type=accept, accept_multiple_files=req.type != "file", key=key
        )
        if not files:
            return None
        store = FileStore()
        stored = [
            store.put_bytes(f.getvalue(), f.name).model_dump(mode="json")
            for f in (files if isinstance(files, list) else [files])
        ]
        return stored if req.type != "file" else stored[0]
    return st.text_area(label, key=key) if req.type == "chat" else st.text_input(label, key=key)


def _chat_section() -> None:
    st.subheader("設計チャット")
    reqs = [DesignRequirement.model_validate(r) for r in _get("requirements", [])]
    answers: dict[str, Any] = dict(_get("answers", {}))
    if not reqs:
        st.caption("確認事項はありません")
        return
    done = [r for r in reqs if r.id in answers]
    st.progress(len(done) / len(reqs), text=f"{len(done)} / {len(reqs)} 件回答済み")
    for req in done:
        st.chat_message("assistant").write(req.label)
        value = answers[req.id]
        st.chat_message("user").write(
            "（スキップ）" if value is None else json.dumps(value, ensure_ascii=False)
        )
    pending = [r for r in reqs if r.id not in answers]
    if pending:
        req = pending[0]
        with st.chat_message("assistant"):
            st.write(req.label)
            for extra in (req.description, req.hint):
                if extra:
                    st.caption(extra)
            value = _answer_widget(req)
        send, skip = st.columns(2)
        if send.button("回答", key=K + "chat_send"):
            problems = answer_problems(req, value) if value not in (None, "") else []
            if value in (None, "") and req.required:
                st.error("回答を入力してください")
            elif problems:
                for p in problems:
                    st.error(f"{p.field}: {p.message}")
            else:
                answers[req.id] = value
                _set("answers", answers)
                st.rerun()
        if not req.required and skip.button("スキップ", key=K + "chat_skip"):
            answers[req.id] = None
            _set("answers", answers)
            st.rerun()
    preview = {r.target[5:]: answers[r.id] for r in done if r.target.startswith("vars.")}
    if preview:
        st.caption("vars のプレビュー")
        st.json(preview)
    if not pending and st.button("回答を反映して検証", key=K + "chat_apply"):
        _apply_chat(reqs, answers)


def _apply_chat(reqs: list[DesignRequirement], answers: dict[str, Any]) -> None:
    result: GeneratedPlan | None = _get("result")
    data = result.data if result is not None else {}
    applied = apply_answers(data, reqs, {k: v for k, v in answers.items() if v is not None})
    for problem in applied.problems:
        st.error(f"{problem.field}: {problem.message}")
    if applied.problems:
        return
    text = plan_to_yaml(applied.plan)
    st.session_state[K + "yaml"] = text
    check = check_plan_text(text, _registry())
    _set("check", check)
    if result is not None:
        result.data, result.yaml, result.plan = applied.plan, text, check.plan
        result.ok, result.errors, result.warnings = check.ok, check.errors, check.warnings
    var_answers = {
        r.target[5:]: applied.plan["vars"][r.target[5:]]
        for r in reqs
        if r.target.startswith("vars.") and answers.get(r.id) is not None
    }
    _set("model_answers", {**applied.for_model, **var_answers})
    _set("requirements", [])
    st.rerun()


def render() -> None:
    """The Design page."""
    st.header("プラン設計")
    registry = _registry()
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
    model_answers = dict(_get("model_answers", {}))
    label = "回答を使って再生成" if model_answers else "自動生成"
    if st.button(label, type="primary", key=K + "generate"):
        if not instruction.strip():
            st.error("指示を入力してください")
        else:
            _run_generation(
                instruction, list(uploads or []), templates, mode, options, pinned, model_answers
            )
    result: GeneratedPlan | None = _get("result")
    if result is not None:
        _result_section(result)
    check = _get("check")
    _missing_section(
        result, check.errors if check is not None else (result.errors if result else [])
    )
    _chat_section()
    st.subheader("Plan YAML")
    text = st.text_area("YAML（編集できます）", key=K + "yaml", height=420)
    left, right = st.columns(2)
    if left.button("検証/ドライラン", key=K + "validate"):
        check = check_plan_text(text, registry)
        _set("check", check)
    if right.button("登録", key=K + "register"):
        check = check_plan_text(text, registry)
        _set("check", check)
        if check.ok and check.plan is not None:
            path = save_plan(text, check.plan.id)
            st.success(f"登録しました: {path}")
        else:
            st.error("検証エラーがあるため登録できません")
    check = _get("check")
    if check is not None:
        if check.ok:
            st.success(f"検証とドライランに合格しました（ドライラン {check.dry_run_ms} ms）")
        _show_issues(check.errors + check.warnings)
    with st.expander("生成メトリクス（直近）"):
        st.json(summarize_generations())
