"""Messages of the runtime surface (see `keiri.catalog`): key -> {"ja": ..., "en": ...}."""

from __future__ import annotations

__all__ = ["ENTRIES"]

ENTRIES: dict[str, dict[str, str]] = {
    "runtime.env.not_allowed": {"ja": "{ref} は読めません", "en": "{ref} is not allowed"},
    "runtime.env.not_allowed_hint": {
        "ja": "読めるのは許可された名前（KEIRI_ENV_ALLOW）だけです",
        "en": "only allow-listed names (KEIRI_ENV_ALLOW) are readable",
    },
    "runtime.ref.path": {"ja": "{ref}: {detail}", "en": "{ref}: {detail}"},
    "runtime.ref.path_hint": {
        "ja": "参照した値が、計画が想定している形になっていません",
        "en": "the referenced value does not have the shape the plan expects",
    },
    "runtime.path.no_index": {
        "ja": "{kind}から番号 [{index}] で取り出せません",
        "en": "cannot take index [{index}] of {kind}",
    },
    "runtime.path.no_key": {
        "ja": "{kind}からキー {name} を読めません",
        "en": "cannot read key {name} of {kind}",
    },
    "runtime.path.list_key": {
        "ja": "{kind}からキー {name} を読めません（リストの要素は [n] で取り出します）",
        "en": "cannot read key {name} of {kind} (use [n] to index a list)",
    },
    "runtime.embed": {
        "ja": "{ref}（{kind}）の値はテキストに埋め込めません: {detail}",
        "en": "cannot embed the value of {ref} ({kind}) in text: {detail}",
    },
    "runtime.kind.boolean": {"ja": "真偽値", "en": "a boolean"},
    "runtime.kind.number": {"ja": "数値", "en": "a number"},
    "runtime.kind.string": {"ja": "文字列", "en": "a string"},
    "runtime.kind.list": {"ja": "リスト", "en": "a list"},
    "runtime.kind.object": {"ja": "オブジェクト", "en": "an object"},
    "runtime.kind.other": {"ja": "テキストにできない値", "en": "a value without a text form"},
    'runtime.port.not_input': {"ja": 'このブロックの入力ではありません', "en": 'not an input of this block'},
    'runtime.port.input_missing': {"ja": '必須の入力がないか、null です', "en": 'required input is missing or null'},
    'runtime.port.input_invalid': {"ja": '{block} の入力 {field}: {detail}', "en": 'input {field} of {block}: {detail}'},
    'runtime.port.input_invalid_hint': {"ja": 'ノードの in の指定か、参照している上流の出力を直してください', "en": "fix the node's `in` bindings or the upstream outputs they reference"},
    'runtime.port.not_mapping': {"ja": '{block} の出力が「出力名: 値」のマッピングではありません', "en": '{block} did not return a mapping of outputs'},
    'runtime.port.not_output': {"ja": 'このブロックの出力ではありません', "en": 'not an output of this block'},
    'runtime.port.output_missing': {"ja": '必須の出力がありません', "en": 'required output missing'},
    'runtime.port.output_invalid': {"ja": '{block} の出力 {field}: {detail}', "en": 'output {field} of {block}: {detail}'},
    'runtime.port.output_invalid_hint': {"ja": '{block} の実装が仕様と合っていません。報告してください', "en": 'the implementation of {block} disagrees with its spec; report it'},
}
