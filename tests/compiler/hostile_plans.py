"""Hostile plans made text by text (a few KB each): alias bombs, deep nesting, huge numbers,
long names, subflow fan-out. Each builder writes its files into a folder and returns the plan
to give to `keiri validate` / `keiri dry-run`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

__all__ = [
    "CASES",
    "alias_bomb",
    "alias_chain",
    "big_integer",
    "deep_block_nesting",
    "deep_flow_nesting",
    "merge_key_bomb",
    "plan",
    "subflow_chain",
    "subflow_fan_out",
]

_STEP = """graph:
  - id: step
    block: data.check_rules
    in:
      data: {{ x: {data} }}
      rules: [{{ field: x, required: true }}]
"""


def plan(plan_id: str, vars_block: str = "", data: str = "1", extra: str = "") -> str:
    """A one-node plan; `vars_block` is indented under `vars:`, `data` is `in.data.x`."""
    text = f"apiVersion: v1\nid: {plan_id}\n"
    if vars_block:
        text += "vars:\n" + "".join(f"  {line}\n" for line in vars_block.splitlines())
    return text + _STEP.format(data=data) + extra


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """`width` aliases of the level below on each of `levels` levels: width**(levels+1)
    values once expanded, in about levels * width * 5 characters."""
    lines = [f"a0: &a0 [{', '.join(['x'] * width)}]"]
    for level in range(1, levels + 1):
        lines.append(f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * width)}]")
    return plan("alias_bomb", "\n".join(lines), data=f'"${{vars.a{levels}}}"')


def merge_key_bomb(levels: int = 9, width: int = 9) -> str:
    """The same through merge keys (`<<: [*m, *m, ...]`) of mappings."""
    lines = ["m0: &m0 {k0: x, k1: x, k2: x}"]
    for level in range(1, levels + 1):
        merged = ", ".join([f"*m{level - 1}"] * width)
        lines.append(f"m{level}: &m{level} {{<<: [{merged}], n{level}: [{merged}]}}")
    return plan("merge_key_bomb", "\n".join(lines))


def alias_chain(depth: int = 700) -> str:
    """Each anchor holds the previous one: a short text, a tree `depth` levels deep."""
    lines = ["c0: &c0 [x]"] + [f"c{i}: &c{i} [*c{i - 1}]" for i in range(1, depth + 1)]
    return plan("alias_chain", "\n".join(lines), data=f'"${{vars.c{depth}}}"')


def deep_flow_nesting(depth: int = 700) -> str:
    return plan("deep_flow", "x: " + "[" * depth + "]" * depth)


def deep_block_nesting(depth: int = 700) -> str:
    lines = [" " * level + f"k{level}:" for level in range(depth)]
    return plan("deep_block", "x:\n" + "\n".join(" " + line for line in lines) + " 1")


def big_integer(digits: int = 5000) -> str:
    return plan("big_integer", "n: " + "9" * digits)


def subflow_fan_out(folder: Path, width: int = 12, levels: int = 5) -> Path:
    """`top` calls `f1` `width` times, `f1` calls `f2` `width` times, ... `levels` deep:
    width**levels subflow calls once run, `levels` plans to compile."""

    def calls(target: str) -> str:
        return "".join(
            f"  - id: c{i}\n    type: subflow\n    call: {{ plan_id: {target}, inputs: {{}} }}\n"
            f"    out: {{ exports: [{{ from: ok, as: ok }}] }}\n"
            for i in range(width)
        )

    for level in range(1, levels + 1):
        if level == levels:
            body = _STEP.format(data="1") + "exports: [{ from: step.passed, as: ok }]\n"
        else:
            body = "graph:\n" + calls(f"f{level + 1}") + "exports: [{ from: c0.ok, as: ok }]\n"
        (folder / f"f{level}.yaml").write_text(f"apiVersion: v1\nid: f{level}\n{body}")
    top = folder / "top.yaml"
    top.write_text("apiVersion: v1\nid: top\ngraph:\n" + calls("f1"))
    return top


def subflow_chain(folder: Path, depth: int = 40) -> Path:
    """`s0` calls `s1` calls `s2` ... `depth` plans deep."""
    for level in range(depth):
        if level == depth - 1:
            body = _STEP.format(data="1") + "exports: [{ from: step.passed, as: ok }]\n"
        else:
            body = (
                "graph:\n  - id: call\n    type: subflow\n"
                f"    call: {{ plan_id: s{level + 1}, inputs: {{}} }}\n"
                "    out: { exports: [{ from: ok, as: ok }] }\n"
                "exports: [{ from: call.ok, as: ok }]\n"
            )
        (folder / f"s{level}.yaml").write_text(f"apiVersion: v1\nid: s{level}\n{body}")
    return folder / "s0.yaml"


_WHILE = """apiVersion: v1
id: long_while
graph:
  - id: forever
    type: loop
    while:
      condition: {{ expr: "true" }}
      max_iterations: {limit}
      iterationVar: n
    body:
      plan:
        graph:
          - id: step
            block: data.check_rules
            in:
              data: {{ n: "${{n}}" }}
              rules: [{{ field: n, min: 0 }}]
        exports:
          - {{ from: step.passed, as: passed }}
    out: {{ collect: passed }}
"""


def _text(text: str) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        target = folder / "plan.yaml"
        target.write_text(text, encoding="utf-8")
        return target

    return write


#: name -> (writer, the codes `keiri validate --json` may report; empty: the plan is valid).
CASES: dict[str, tuple[Callable[[Path], Path], frozenset[str]]] = {
    "alias_bomb": (_text(alias_bomb()), frozenset({"PLAN_TOO_LARGE"})),
    "merge_key_bomb": (_text(merge_key_bomb()), frozenset({"PLAN_TOO_LARGE"})),
    "alias_chain_700": (_text(alias_chain(700)), frozenset({"PLAN_TOO_LARGE"})),
    "recursive_alias": (_text(plan("rec", "r: &r [*r]")), frozenset({"PLAN_TOO_LARGE"})),
    "flow_nesting_700": (_text(deep_flow_nesting(700)), frozenset({"PLAN_TOO_LARGE"})),
    "flow_nesting_100k": (_text(deep_flow_nesting(100_000)), frozenset({"PLAN_TOO_LARGE"})),
    "block_nesting_600": (_text(deep_block_nesting(600)), frozenset({"PLAN_TOO_LARGE"})),
    "integer_5000_digits": (_text(big_integer(5000)), frozenset({"PLAN_TOO_LARGE"})),
    "document_3_mb": (
        _text(plan("big_doc", "s: " + "x" * 3_000_000)),
        frozenset({"PLAN_TOO_LARGE"}),
    ),
    "largest_list_allowed": (
        _text(plan("big_list", "l: [" + ", ".join(["1"] * 100_000) + "]")),
        frozenset(),
    ),
    "plan_id_5000_chars": (
        _text(
            "apiVersion: v1\nid: long_call\ngraph:\n  - id: call\n    type: subflow\n"
            f"    call: {{ plan_id: {'a' * 5000}, inputs: {{}} }}\n"
        ),
        frozenset({"PLAN_SCHEMA_INVALID"}),
    ),
    "plan_id_traversal": (
        _text(
            "apiVersion: v1\nid: dots\ngraph:\n  - id: call\n    type: subflow\n"
            "    call: { plan_id: ../../etc/passwd, inputs: {} }\n"
        ),
        frozenset({"PLAN_SCHEMA_INVALID"}),
    ),
    "config_reference_typo_in_vars": (
        _text(plan("cfg", 'y: "${config.a[1]b}"')),
        frozenset({"INVALID_EXPRESSION"}),
    ),
    "index_into_a_number": (
        _text(plan("idx", "x: 5", data='"${vars.x[0]}"')),
        frozenset({"UNRESOLVED_REFERENCE"}),
    ),
    "nan_var": (_text(plan("nan", "x: .nan")), frozenset({"TYPE_MISMATCH"})),
    "infinity_var": (_text(plan("inf", "x: -1.0e+999")), frozenset({"TYPE_MISMATCH"})),
    "max_iterations_10_pow_40": (
        _text(_WHILE.format(limit=10**40)),
        frozenset({"PLAN_SCHEMA_INVALID"}),
    ),
    "while_10000_iterations": (_text(_WHILE.format(limit=10_000)), frozenset()),
    "subflow_fan_out_12_pow_5": (subflow_fan_out, frozenset()),
    "subflow_chain_40": (subflow_chain, frozenset({"PLAN_TOO_LARGE", "SUBFLOW_NOT_FOUND"})),
    "block_pin_5000_digits": (
        _text(plan("pin").replace("data.check_rules", "data.check_rules@" + "9" * 5000)),
        frozenset({"BLOCK_VERSION_INCOMPATIBLE"}),
    ),
    "block_pin_patch_5000_digits": (
        _text(plan("pin").replace("data.check_rules", "data.check_rules@1.0." + "9" * 5000)),
        frozenset({"BLOCK_VERSION_INCOMPATIBLE"}),
    ),
    "plan_version_5000_digits": (
        _text(plan("ver").replace("id: ver\n", "id: ver\nversion: 1.0." + "9" * 5000 + "\n")),
        frozenset({"PLAN_SCHEMA_INVALID"}),
    ),
}
