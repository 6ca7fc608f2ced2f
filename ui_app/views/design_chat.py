"""The Design page's 不足項目 and 設計チャット (seed 001 §7): what the generation could not
decide — placeholder settings, unresolved vars, unset inputs — asked one requirement at a
time with the `ui.interactive_input` inquire validation; answers are written into the plan
(vars with their declared types) and the plan is checked again. Also the page's session-state
helpers (keys start with `design::`).
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from blocks.sdk.errors import Issue
from blocks.sdk.registry import BlockRegistry
from blocks.sdk.store import FileStore
from designer import DesignRequirement, GeneratedPlan, apply_answers, check_plan_text, plan_to_yaml
from designer.apply import answer_problems
from keiri.base.catalog import t

__all__ = [
    "K",
    "block_registry",
    "chat_section",
    "get_value",
    "missing_section",
    "set_value",
]

K = "design::"


@st.cache_resource
def block_registry() -> BlockRegistry:
    return BlockRegistry()


def get_value(name: str, default: Any = None) -> Any:
    return st.session_state.get(K + name, default)


def set_value(name: str, value: Any) -> None:
    st.session_state[K + name] = value


def missing_section(result: GeneratedPlan | None, check_errors: list[Issue]) -> None:
    st.subheader(t("design.missing"))
    reqs = [DesignRequirement.model_validate(r) for r in get_value("requirements", [])]
    placeholders = [r for r in reqs if r.placeholder() is not None]
    null_vars = [r for r in reqs if r.target.startswith("vars.") and r not in placeholders]
    inputs = [r for r in reqs if r.target.startswith("node.")]
    ui_nodes = [] if result is None or result.plan is None else result.plan.ui.layout
    if not (placeholders or null_vars or inputs or check_errors):
        st.caption(t("design.missing_none"))
    if placeholders:
        items = ", ".join(
            t("design.placeholder_item", target=r.target[5:], label=r.label, type=r.value_type)
            for r in placeholders
        )
        st.markdown(t("design.missing_placeholders", items=items))
    if null_vars:
        items = ", ".join(f"`{r.target[5:]}`" for r in null_vars)
        st.markdown(t("design.missing_vars", items=items))
    if inputs:
        items = ", ".join(f"`{r.target[5:]}`" for r in inputs)
        st.markdown(t("design.missing_inputs", items=items))
    if ui_nodes:
        st.markdown(t("design.human_nodes", items=", ".join(f"`{n}`" for n in ui_nodes)))
    if check_errors:
        codes: dict[str, int] = {}
        for issue in check_errors:
            codes[issue.code] = codes.get(issue.code, 0) + 1
        st.markdown(
            t("design.inconsistent", items=", ".join(f"{c} × {n}" for c, n in codes.items()))
        )


def _answer_widget(req: DesignRequirement) -> Any:
    key = f"{K}chat::{req.id}"
    label = req.label if req.required else t("design.optional", label=req.label)
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


def chat_section() -> None:
    st.subheader(t("design.chat"))
    reqs = [DesignRequirement.model_validate(r) for r in get_value("requirements", [])]
    answers: dict[str, Any] = dict(get_value("answers", {}))
    if not reqs:
        st.caption(t("design.chat_none"))
        return
    done = [r for r in reqs if r.id in answers]
    st.progress(len(done) / len(reqs), text=t("design.answered", done=len(done), total=len(reqs)))
    for req in done:
        st.chat_message("assistant").write(req.label)
        value = answers[req.id]
        st.chat_message("user").write(
            t("design.skipped") if value is None else json.dumps(value, ensure_ascii=False)
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
        if send.button(t("design.send"), key=K + "chat_send"):
            problems = answer_problems(req, value) if value not in (None, "") else []
            if value in (None, "") and req.required:
                st.error(t("design.answer_missing"))
            elif problems:
                for p in problems:
                    st.error(f"{p.field}: {p.message}")
            else:
                answers[req.id] = value
                set_value("answers", answers)
                st.rerun()
        if not req.required and skip.button(t("design.skip"), key=K + "chat_skip"):
            answers[req.id] = None
            set_value("answers", answers)
            st.rerun()
    preview = {r.target[5:]: answers[r.id] for r in done if r.target.startswith("vars.")}
    if preview:
        st.caption(t("design.vars_preview"))
        st.json(preview)
    if not pending and st.button(t("design.apply"), key=K + "chat_apply"):
        _apply_chat(reqs, answers)


def _apply_chat(reqs: list[DesignRequirement], answers: dict[str, Any]) -> None:
    result: GeneratedPlan | None = get_value("result")
    data = result.data if result is not None else {}
    applied = apply_answers(data, reqs, {k: v for k, v in answers.items() if v is not None})
    for problem in applied.problems:
        st.error(f"{problem.field}: {problem.message}")
    if applied.problems:
        return
    text = plan_to_yaml(applied.plan)
    st.session_state[K + "yaml"] = text
    check = check_plan_text(text, block_registry())
    set_value("check", check)
    if result is not None:
        result.data, result.yaml, result.plan = applied.plan, text, check.plan
        result.ok, result.errors, result.warnings = check.ok, check.errors, check.warnings
    var_answers = {
        r.target[5:]: applied.plan["vars"][r.target[5:]]
        for r in reqs
        if r.target.startswith("vars.") and answers.get(r.id) is not None
    }
    set_value("model_answers", {**applied.for_model, **var_answers})
    set_value("requirements", [])
    st.rerun()
