"""A scripted analysis model: per-schema queues of answers served to the real `openai` client.

The agent makes three kinds of structured-output calls (`ReasonOutput`, `CodeGenOutput`,
`ReportOutput`); `AnalysisScript` answers each kind from its own FIFO queue, so a test reads
like the conversation it scripts. Use `script.handler` with `ScriptedOpenAI(handler=...)`.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tests.support.openai_server import RecordedRequest, ScriptedResponse

__all__ = ["SALES_CSV", "AnalysisScript"]

SALES_CSV = """日付,部門,売上
2024-01-05,営業部,120000
2024-01-20,管理部,80000
2024-02-03,営業部,150000
2024-02-25,管理部,70000
2024-03-10,営業部,175000
2024-03-28,管理部,90000
"""


@dataclass
class AnalysisScript:
    queues: dict[str, deque[Any]] = field(
        default_factory=lambda: {
            k: deque() for k in ("ReasonOutput", "CodeGenOutput", "ReportOutput")
        }
    )
    seen: list[tuple[str, str]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def reason(self, next_action: str, **fields: Any) -> AnalysisScript:
        answer = {
            "next_action": next_action,
            "instruction": None,
            "question": None,
            "assumption": None,
            "rationale": f"{next_action} の理由",
            **fields,
        }
        self.queues["ReasonOutput"].append(answer)
        return self

    def code(self, code: str, *outputs: tuple[str, str, str]) -> AnalysisScript:
        expected = [
            {"file_name": name, "description": desc, "output_type": kind}
            for name, desc, kind in outputs
        ]
        self.queues["CodeGenOutput"].append({"code": code, "expected_outputs": expected})
        return self

    def report(
        self, title: str, sections: list[dict[str, Any]], suggestions: list[str] | None = None
    ) -> AnalysisScript:
        full = [{"description": None, **s} for s in sections]
        self.queues["ReportOutput"].append(
            {"title": title, "sections": full, "suggestions": suggestions}
        )
        return self

    def handler(self, request: RecordedRequest) -> ScriptedResponse | None:
        if request.endpoint != "chat":
            return None
        name = (
            (request.json or {}).get("response_format", {}).get("json_schema", {}).get("name", "")
        )
        with self._lock:
            self.seen.append((name, request.user_prompt))
            queue = self.queues.get(name)
            if not queue:
                return ScriptedResponse.error(
                    500, f"no scripted {name} answer left", type_="scripted"
                )
            return ScriptedResponse.chat(queue.popleft())

    def prompts(self, kind: str) -> list[str]:
        return [prompt for name, prompt in self.seen if name == kind]

    @property
    def left(self) -> int:
        return sum(len(q) for q in self.queues.values())
