"""Readable names for what a model posts without one: `x + 2*y <= 10`, `abs(x - y) + z*w >= 20`, `(x > 2) | (y < 3)`.
The name of a comparison or formula is what the trace and Problem.why_unsat print for it."""

from __future__ import annotations

import re

from ._expr import Expr, Formula, Linear, Node, Var

_INFIX = {"times": "*", "div": " // ", "mod": " % "}
_FORMULA = {"and": " & ", "or": " | ", "xor": " ^ ", "iff": " == ", "implies": " -> "}


def _atom(text: str) -> str:
    """text as an operand of an infix operator: parenthesised unless it is a name, a number or one call."""
    if re.fullmatch(r"-?[\w.\[\],]+", text):
        return text
    call = re.match(r"\w+\(", text)
    if call and text.endswith(")"):
        depth = 0
        for i in range(call.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                if i == len(text) - 1:
                    return text
                break
    return f"({text})"


def _operand(a, raw) -> str:
    if isinstance(a, Expr):
        return expr_text(a, raw)
    if isinstance(a, (list, tuple)):
        return "[" + ", ".join(_operand(x, raw) for x in a) + "]"
    return str(a)


def _node_text(n: Node, raw) -> str:
    args = [_operand(a, raw) for a in n.args]
    if n.op in _INFIX and len(args) == 2:
        return _atom(args[0]) + _INFIX[n.op] + _atom(args[1])
    if n.op == "pow":
        return f"{_atom(args[0])}**{n.data}"
    if n.op == "element" and n.data is not None:
        data = list(n.data)
        shown = ", ".join(map(str, data[:6])) + (", ..." if len(data) > 6 else "")
        return f"[{shown}][{args[0]}]"
    if n.op == "element":
        return f"[{', '.join(args[1:])}][{args[0]}]"
    return f"{n.op}({', '.join(args)})"


def expr_text(e: Expr, raw, constant: bool = True) -> str:
    """sum(c * term) (+ the constant when `constant`): "x + 2*y - 3", "abs(x - y) + z*w"."""
    text = ""
    for key, c in e.terms.items():
        if c == 0:
            continue
        term = raw.name(key) if isinstance(key, int) else _node_text(key, raw)
        t = term if abs(c) == 1 else f"{abs(c)}*{_atom(term)}"
        text = (("-" if c < 0 else "") + t) if not text else text + (" - " if c < 0 else " + ") + t
    k = e.constant if constant else 0
    if not text:
        return str(k)
    return text + (f" - {-k}" if k < 0 else f" + {k}" if k > 0 else "")


def text(constraint, raw) -> str:
    """The name of a comparison ("x + y <= 2"), a formula ("(x > 2) | (y < 3)") or a 0/1 variable ("b")."""
    if isinstance(constraint, Linear):
        return f"{expr_text(constraint.expr, raw, constant=False)} {constraint.op} {-constraint.expr.constant}"
    if isinstance(constraint, Var):
        return constraint.name
    if isinstance(constraint, Formula):
        parts = [text(a, raw) for a in constraint.args]
        if constraint.op == "not":
            return f"~({parts[0]})"
        return _FORMULA.get(constraint.op, f" {constraint.op} ").join(f"({p})" for p in parts)
    return str(constraint)
