"""The prompts of the designer (seed 001 §5.1): one system prompt, three user prompts.

System: "あなたは業務設計エンジン…" with the rules of the plan language; the answer is JSON only
(strict structured output). User: the instruction, the normalised documents (~4,000
characters), the Top-K catalog (`id/inputs/outputs/description`), the selected templates
(summary and snippet in `hint` mode; the fixed composed nodes in `compose` mode), then the
task of the stage: skeleton, wiring, or repair.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from blocks.sdk.spec import BlockSpec
from designer.compose import ComposeResult
from designer.repair import dump, spec_excerpt
from designer.templates import TemplateSpec

__all__ = ["PromptContext", "repair_prompt", "skeleton_prompt", "system_prompt", "wiring_prompt"]


def system_prompt(
    *, foreach_var: str = "item", allow_when: bool = True, allow_loops: bool = True
) -> str:
    control = []
    if allow_when:
        control.append(
            "条件付きで実行するノードには when（式: ${...} == ..., != , < , >, &&, ||, !）を付ける。"
        )
    if allow_loops:
        control.append(
            f'配列の要素ごとの処理は type=loop の foreach（item_var は "{foreach_var}"、'
            "本体では ${" + foreach_var + "} で要素を参照、結果は exports と collect で外へ出す）、"
            "条件が満たされるまでの繰り返しは while（max_iterations 必須）。"
        )
    else:
        control.append("ループ（foreach/while）は使わない。")
    rules = [
        "block は「候補ブロック」に載っているものだけを使う。",
        "in のキーはそのブロックの入力名、out のキーは出力名だけ。必須の入力は必ず与える。",
        "値の format: text は文字列そのもの（${...} 参照もこれ）、json は JSON 値"
        "（数値・true/false・null・配列・オブジェクト。文字列は引用符付き）。",
        "参照は ${ノードID.別名}（out で付けた別名。out が無ければ出力名）、${vars.名前}。"
        "後続のノードだけが前のノードを参照でき、循環させない。",
        "実行時に人から受け取るファイルや判断は ui.interactive_input（mode: collect / confirm）で集め、"
        "${ノードID.別名.要件id} で参照する（collected_data に別名を付ける）。",
        "confirm の差し戻し（approved が false）は失敗ではなく判断: 後続は when（${ノードID.approved} == true / "
        "== false）で分岐し、コメントは ${ノードID.response}。差し戻しで実行を止めるときだけ in.on_reject: fail。",
        "指示や文書から決まらない設定値（シート名、許容差、勘定科目の一覧など）は推測せず ${vars.名前} にし、"
        "vars に必ず定義する。分かる値は value に、分からなければ value を null（format json）にし、"
        "type に値の型、description にユーザーへの質問文（例: 振込手数料の許容額（円）は？）を書く。"
        "null の var は実行前にユーザーが与えるプレースホルダになる。同じ内容を questions に重ねて入れない。",
        "ai.process_llm には output_schema（空でないオブジェクト）と、prompt または instruction の"
        "少なくとも一方が必須。下流で配列として使う結果は output_schema の results.items に置き、"
        "${ノードID.別名.items} で参照する。",
        *control,
        "設計を確定できない不足情報があれば questions に質問を入れる（id は英数字と _）。",
        "ノード id は英数字と _ の意味のある名前。ui_layout には人が操作する ui.* ノードを表示順に並べる。",
    ]
    numbered = "\n".join(f"{i}. {rule}" for i, rule in enumerate(rules, 1))
    return (
        "あなたは経理業務の業務設計エンジンです。ユーザーの指示と参考文書から、keiri の Plan"
        "（ブロックを有向非巡回グラフで結んだ業務手順）を設計します。\n"
        "出力は指定された JSON スキーマに厳密に従う JSON だけです。説明文は reasoning に短く書きます。\n"
        f"規則:\n{numbered}"
    )


@dataclass
class PromptContext:
    """Everything the user prompts show, computed once per generation."""

    instruction: str
    documents: str
    specs: list[BlockSpec]
    templates: list[TemplateSpec] = field(default_factory=list)
    apply_mode: str = "hint"
    compose: ComposeResult | None = None
    answers: Mapping[str, Any] = field(default_factory=dict)
    subflows: Mapping[str, str] = field(default_factory=dict)

    def catalog(self) -> str:
        return "\n".join(spec_excerpt(s, description_chars=200, port_chars=70) for s in self.specs)

    def template_section(self) -> str:
        if not self.templates:
            return ""
        if self.apply_mode == "compose" and self.compose is not None:
            return self._compose_section()
        parts = [
            "## 選択されたテンプレート（尊重して設計する。ノード構成と配線をできるだけ再利用する）"
        ]
        for spec in self.templates:
            contract = {
                "imports": {k: v.model_dump(exclude={"example"}) for k, v in spec.imports.items()},
                "exports": {k: v.model_dump(by_alias=True) for k, v in spec.exports.items()},
                "vars_defaults": spec.vars_defaults or {},
            }
            snippet = [n.model_dump(by_alias=True, exclude_unset=True) for n in spec.graph_snippet]
            parts.append(
                f"### {spec.id}: {spec.title}\n{spec.description or ''}\n"
                f"契約:\n{dump(contract)}スニペット:\n{dump(snippet)}"
            )
        return "\n".join(parts)

    def _compose_section(self) -> str:
        if self.compose is None:
            return ""
        base = self.compose.plan
        unbound = self.compose.unbound
        lines = [
            "## 合成済みテンプレート（固定ノード）",
            "次のノードは確定済みで、Plan の先頭に自動で入る。graph に含めず、必要なら参照だけする。",
            dump({"vars": base.get("vars", {}), "graph": base.get("graph", [])}),
            "参照できるテンプレートの出力: "
            + (", ".join(f"{k} = {v}" for k, v in self.compose.exports.items()) or "なし"),
        ]
        if unbound:
            lines.append(
                "未バインドの import（bindings で ${ノードID.別名} に結ぶか、vars に値を与える）: "
                + ", ".join(f"{k} → ${{vars.{v}}}" for k, v in unbound.items())
            )
        for conflict in self.compose.conflicts:
            lines.append(f"合成時の競合: {conflict.message}（{conflict.resolution}）")
        return "\n".join(lines)

    def common(self) -> str:
        parts = [
            f"## 指示\n{self.instruction.strip()}",
            f"## 参考文書（正規化済み）\n{self.documents}",
            f"## 候補ブロック（Top-K）\n{self.catalog()}",
        ]
        if self.subflows:
            parts.append(
                "## 呼び出せるサブフロー（type: subflow の call.plan_id、inputs は vars、exports を out.exports で受ける）\n"
                + "\n".join(f"- {k}: {v}" for k, v in self.subflows.items())
            )
        section = self.template_section()
        if section:
            parts.append(section)
        if self.answers:
            parts.append(
                "## ユーザーの回答（設計に反映する）\n"
                + "\n".join(
                    f"- {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in self.answers.items()
                )
            )
        return "\n\n".join(parts)


def skeleton_prompt(ctx: PromptContext) -> str:
    return (
        ctx.common() + "\n\n## 段1: 骨子\n"
        "入力 → 変換 → 出力 の流れを steps に、使うブロックと目的、読む前段の step を順に書く。"
        "人が実行時に提供・確認するもの（human_inputs）、ループやサブフローの要否、指示から決まらない"
        "設定値（vars）、いまユーザーに確認すべき質問（questions）を決める。"
    )


def wiring_prompt(ctx: PromptContext, skeleton: Mapping[str, Any] | None) -> str:
    fixed = (
        "\n\n## 段1の骨子（固定）\n" + json.dumps(skeleton, ensure_ascii=False, indent=1)
        if skeleton is not None
        else ""
    )
    keep = "骨子の steps の id と block を変えずに、" if skeleton is not None else ""
    return (
        ctx.common() + fixed + "\n\n## 段2: 配線\n"
        f"{keep}各ノードの in/out を型と語彙とテンプレートの契約に従って接続し、Plan 全体を返す。"
        "曖昧な値は ${vars.*} にして vars に定義する。"
    )


def repair_prompt(
    ctx: PromptContext,
    previous_yaml: str,
    errors_summary: str,
    specs: Sequence[BlockSpec],
    diff: str,
    contracts: str,
    *,
    diff_base: str = "前回の出力",
) -> str:
    parts = [
        ctx.common(),
        f"## 前回の出力（検証エラーあり）\n```yaml\n{previous_yaml}```",
        f"## 検証エラー\n{errors_summary}",
    ]
    if specs:
        parts.append("## 関連ブロックの仕様\n" + "\n".join(spec_excerpt(s) for s in specs))
    if diff:
        parts.append(f"## 前回の出力での変更（ノード単位、{diff_base}との差分）\n{diff}")
    if contracts:
        parts.append(f"## 関係するテンプレートの契約\n{contracts}")
    parts.append(
        "## 修正\nすべての検証エラーを直した Plan 全体を返す。エラーのない部分は変えない。"
        "存在しないブロックやキーは仕様にあるものに置き換え、循環は参照を見直して断つ。"
    )
    return "\n\n".join(parts)
