#!/usr/bin/env python3
"""The engine's layers depend one way: a file of csp/ includes only its own layer and the layers below it.

Usage: check_layers.py [ROOT]   (ROOT: the repository, default the parent of this script's folder)

The layers, lowest first (docs/engine.md draws them):

    stats < core < constraints < strategy < propagation < heuristics < search < observers < graph

observers (trace, search tree) and graph are libraries of their own on top of csp::csp (csp::observers,
csp::graph): nothing of the engine may include them, and observers, which watch any search through the core's
SearchObserver, include no graph (Boost.Graph).

A file's layer is its folder: csp/include/csp/LAYER/... or csp/src/LAYER/.... The umbrella headers directly in
csp/include/csp/ (csp.hpp, graph.hpp, plugin.hpp) stand above every layer; no layer includes them.

Reported, one line each as FILE:LINE: reason (exit 1 when anything is reported, 0 otherwise, 2 on bad usage):
  - an include of a higher layer ("core/store.cpp includes search/...");
  - an include of a folder that is no layer (csp/models/..., a typo);
  - an include of an old path kept only as a forwarding header (its text holds the marker below): engine code
    includes the new path;
  - an include that climbs out of its folder ("../").
"""
import pathlib
import re
import sys

LAYERS = ["stats", "core", "constraints", "strategy", "propagation", "heuristics", "search", "observers", "graph"]
RANK = {name: i for i, name in enumerate(LAYERS)}
UMBRELLA = len(LAYERS)
FORWARD_MARKER = "csp-layers: forward"
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
SUFFIXES = {".hpp", ".cpp", ".h", ".hh", ".cc"}


def layer_of(rel):
    """The rank of an engine file (a path relative to ROOT), UMBRELLA for the umbrella headers, None elsewhere."""
    parts = rel.parts
    if parts[:3] == ("csp", "include", "csp"):
        rest = parts[3:]
    elif parts[:2] == ("csp", "src"):
        rest = parts[2:]
    else:
        return None
    if len(rest) == 1:
        return UMBRELLA
    return RANK.get(rest[0], -1)


def forwarding_headers(root):
    """The public paths ("csp/search/registry.hpp") whose header only forwards to a new place."""
    include = root / "csp" / "include"
    found = set()
    for path in include.rglob("*.hpp"):
        if FORWARD_MARKER in path.read_text(encoding="utf-8", errors="replace"):
            found.add(path.relative_to(include).as_posix())
    return found


def check_file(root, path, forwards):
    rel = path.relative_to(root)
    own = layer_of(rel)
    problems = []
    if own is None:
        return problems
    if own < 0:
        return [f"{rel}:1: the folder '{rel.parts[3 if rel.parts[1] == 'include' else 2]}' is no layer "
                f"(layers: {', '.join(LAYERS)})"]
    own_name = "the umbrella headers" if own == UMBRELLA else LAYERS[own]
    is_forward = rel.as_posix().startswith("csp/include/") and (
        rel.relative_to("csp/include").as_posix() in forwards)
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        target = m.group(1)
        where = f"{rel}:{number}"
        if target.startswith("../") or "/../" in target:
            problems.append(f"{where}: '{target}' climbs out of its folder; include \"csp/LAYER/...\"")
            continue
        if not target.startswith("csp/"):
            continue
        tparts = target.split("/")
        if len(tparts) == 2:
            if own != UMBRELLA:
                problems.append(f"{where}: {own_name} includes the umbrella header '{target}'; include what it uses")
            continue
        layer = tparts[1]
        if layer not in RANK:
            problems.append(f"{where}: '{target}' is in no engine layer (layers: {', '.join(LAYERS)})")
            continue
        if target in forwards and not is_forward:
            problems.append(f"{where}: '{target}' is an old path (a forwarding header); include the new one")
            continue
        if RANK[layer] > own:
            problems.append(f"{where}: {own_name} includes '{target}' of the higher layer {layer} "
                            f"(the order: {' < '.join(LAYERS)})")
    return problems


def main(argv):
    if len(argv) > 2:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1]) if len(argv) == 2 else pathlib.Path(__file__).resolve().parent.parent
    if not (root / "csp" / "include" / "csp").is_dir():
        print(f"check_layers: {root} has no csp/include/csp", file=sys.stderr)
        return 2
    forwards = forwarding_headers(root)
    problems = []
    for path in sorted((root / "csp").rglob("*")):
        if path.is_file() and path.suffix in SUFFIXES:
            problems += check_file(root, path, forwards)
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} include(s) against the order {' < '.join(LAYERS)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
