"""The words the designer writes into what it sends the model when the answer is a plan: the
tasks of a request, the labels of the plan an attempt is diffed against, the notes in a block's
excerpt and in an issue summary. A plan is data, so these prompts are data too (in Japanese, like
`designer.prompts`), not messages: `tests/keiri/test_catalog_source.py` lists this module. A
prompt whose answer people read (`keiri ask`'s analysis and answer, the run summary) is in the
catalog instead, so the answer comes in the reader's language.
"""

from __future__ import annotations

__all__ = [
    "BASELINE_COMPOSED",
    "BASELINE_EMPTY",
    "BASELINE_PREVIOUS",
    "BASELINE_SKELETON",
    "DEFAULT",
    "DESIGN_INSTRUCTION",
    "DOCUMENT_HEADER",
    "FEEDBACK",
    "ISSUE_EXPECTED",
    "ISSUE_MORE",
    "ISSUE_NODE",
    "NONE",
    "REQUIRED",
    "TASK_AFTER",
    "UNREAD_DOCUMENTS",
]

#: `keiri ask`: the tasks to design a plan for.
DESIGN_INSTRUCTION = (
    "{request}\n\n次のタスクをこの依存関係で実行するプランにしてください。\n{outline}"
)
TASK_AFTER = "（{tasks} の後）"

#: The design chat's free answer, as the model reads it among the answers.
FEEDBACK = "追加指示"
#: Documents that could not be read (`{names}`), noted in the documents' digest.
UNREAD_DOCUMENTS = "読み取れなかった文書: {names}"
#: The heading of each document in the documents' digest.
DOCUMENT_HEADER = "【{name}】\n"
#: An empty list in a description (a template without exports).
NONE = "なし"
#: What the first attempt is diffed against.
BASELINE_SKELETON = "段1の骨子"
BASELINE_COMPOSED = "合成済みテンプレート"
BASELINE_PREVIOUS = "前回の出力"
BASELINE_EMPTY = "空の Plan（前回の出力なし）"
#: A block's excerpt: an input's flags.
REQUIRED = "必須"
DEFAULT = "既定={value}"
#: An issue summary's parts.
ISSUE_NODE = " ノード {node}"
ISSUE_EXPECTED = " → 期待: {hint}"
ISSUE_MORE = "- ... ほか {count} 件"
