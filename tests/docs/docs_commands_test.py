#!/usr/bin/python3
"""Every `csp ...` command quoted in README.md and docs/*.md runs.

Reads the fenced code blocks of README.md and docs/*.md: in ```sh / ```bash blocks every line, in unlabelled blocks
the lines after a `$ ` prompt; joins continued lines (a trailing backslash), cuts the comment, splits at `&&` and at
a second command on the same line, and keeps each part that starts with `csp` or `build/examples/csp`. Each runs
through bash in a scratch folder (the program under test first on PATH as `csp`; puzzles/ and docs/ linked from the
source tree; the files the docs name provided as below) and must exit 0 (or N when its comment says "(exit N)")
and print something. Synopses (a [...] option, FILE, LIST, `a|b` alternatives) are not commands and are listed as
such; EXCEPTIONS names the commands not run, each with its reason; commands on files of the shared data skip when
the data (CSP_SHARED_DIR) is absent.

Usage: docs_commands_test.py CSP SOURCE_DIR [SHARED_DIR] [SOLVER_DIR]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Commands not run: a part of the command (a substring) and why.
EXCEPTIONS = {
    "--var all --val all --inference all --alldiff all": "120 configurations over 95 puzzles: minutes",
    "queens 1000000": "a million queens by min-conflicts: tens of seconds and a gigabyte",
    "$(seq -s, 2 50)": "49 board sizes x 4 configurations up to a million nodes each: minutes",
    "$(seq -s, 4 50)": "47 board sizes x 5 seeds of min-conflicts: minutes",
    "--n 20,50,100,200 --algorithm min-conflicts": "min-conflicts on 200 queens x 4 variants: a minute",
    "--n 8,10,12,16,20 --var first --inference none,fc --backjump": "20 queens with static order: minutes",
    "ablate sudoku top95.txt --var dom-wdeg --inference fc --backjump none,cbj --learning": "95 puzzles x 4: minutes",
    "ablate sudoku top95.txt --var mrv --inference mac,techniques": "95 puzzles with the human techniques: a minute",
    "ablate sudoku top95.txt hardest.txt --var mrv --inference mac,techniques": "106 puzzles x 6, 3 times: minutes",
    "--var first,dom-wdeg --inference mac --backjump none,cbj --learning 0,10 --node-limit 1000000":
        "106 puzzles x 8 with a million-node limit: minutes",
    "--alldiff gac --restarts none,luby --seed 0,1,2,3 --node-limit 1000000": "16x16 puzzles x 16: minutes",
    "ablate graph queen6_6.col myciel3.col --colors 3,4,5,6,7": "colouring proofs on queen6_6 up to 2 million nodes: 30 s each",
    "--inference probe --timeout 10000 --stats sudoku25x25_gecode18.txt": "18 puzzles of 25x25, 10 s each: minutes",
}
# The per-command time limit, seconds (a command over it fails: give it an exception with its reason); five times
# that under a sanitizer (CSP_SANITIZED, set by the asan preset: an ablation of 106 puzzles x 3 took over 60 s there).
TIMEOUT = 300 if os.environ.get("CSP_SANITIZED") else 60
# Files the docs name, by where they come from: ("shared", path under CSP_SHARED_DIR) or ("source", path).
FIXTURES = {
    "top95.txt": ("shared", "puzzles/top95.txt"),
    "hardest.txt": ("shared", "puzzles/hardest.txt"),
    "queen6_6.col": ("shared", "graphs/queen6_6.col"),
    "myciel3.col": ("shared", "graphs/myciel3.col"),
    "g.col": ("shared", "graphs/myciel3.col"),
    "puzzles.txt": ("source", "puzzles/classic.txt"),
    "model.fzn": ("source", "tests/flatzinc/data/knapsack.fzn"),
    "a.fzn": ("source", "tests/flatzinc/data/queens6.fzn"),
    "queens6.fzn": ("source", "tests/flatzinc/data/queens6.fzn"),
    "b.fzn": ("source", "tests/flatzinc/data/knapsack.fzn"),
    "rcpsp_small.fzn": ("source", "tests/flatzinc/data/rcpsp_small.fzn"),
}
PLACEHOLDER = re.compile(r"\[|\.\.\.|\b(FILE|MODEL|LIST|COMMAND|N|MS|K|SEED)\b|\w\|\w")
COMMAND = re.compile(r"^(\./)?(build/examples/)?csp(\s|$)")


def blocks(path):
    """(line number, text) of each command line of the fenced blocks of `path`, continued lines joined."""
    lines = open(path, encoding="utf-8").read().split("\n")
    inside, lang, out, i = False, "", [], 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^\s*```(\w*)", line)
        if fence:
            inside, lang = not inside, fence.group(1)
            i += 1
            continue
        if not inside or lang not in ("", "sh", "bash", "shell", "console"):
            i += 1
            continue
        start, text = i + 1, line.strip()
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text[:-1].rstrip() + " " + lines[i].strip()
        i += 1
        if text.startswith("$ "):
            text = text[2:]
        elif lang in ("", "console"):
            continue
        out.append((start, text))
    return out


def commands(text):
    """The csp commands of one line, each with the exit status its comment states (0 unless "(exit N)")."""
    code = 0
    comment = re.search(r"\s#\s.*$", text)
    if comment:
        status = re.search(r"\(exit (\d+)\)", comment.group(0))
        code = int(status.group(1)) if status else 0
        text = text[: comment.start()]
    parts = []
    for part in re.split(r"\s&&\s|\s{3,}(?=(?:build/examples/)?csp\s)", text):
        part = part.strip() if part else ""
        if COMMAND.match(part):
            parts.append((re.sub(r"^(\./)?build/examples/csp", "csp", part), code))
    return parts


def scratch(source, shared, solvers, csp):
    """A folder to run the commands in: csp on PATH, the source's puzzles/ and docs/, the fixtures."""
    work = tempfile.mkdtemp(prefix="csp-docs-")
    os.makedirs(os.path.join(work, "bin"))
    os.symlink(os.path.abspath(csp), os.path.join(work, "bin", "csp"))
    for name in ("puzzles", "csp", "models", "examples"):  # read only; docs/ is copied (commands write charts into it)
        os.symlink(os.path.join(source, name), os.path.join(work, name))
    shutil.copytree(os.path.join(source, "docs"), os.path.join(work, "docs"))
    os.makedirs(os.path.join(work, "build"))  # commands write their CSV and JSON there
    for name, (where, path) in FIXTURES.items():
        root = shared if where == "shared" else source
        if root and os.path.exists(os.path.join(root, path)):
            shutil.copy(os.path.join(root, path), os.path.join(work, name))
    if solvers and shutil.which("minizinc"):  # docs/minizinc.md's compiled Futoshiki
        env = dict(os.environ, MZN_SOLVER_PATH=solvers)
        subprocess.run(["minizinc", "-c", "--solver", "csp", "--no-output-ozn", "docs/examples/futoshiki.mzn",
                        "docs/examples/futoshiki5.dzn", "--fzn", "futoshiki5.fzn"], cwd=work, env=env,
                       capture_output=True, check=False)
    return work


def missing_file(command, work):
    """A file the command names that the scratch folder lacks (shared data or minizinc absent), or None."""
    for word in command.split():
        if re.search(r"\.(txt|col|fzn)$", word) and "/" not in word and not os.path.exists(os.path.join(work, word)):
            if word in FIXTURES or word == "futoshiki5.fzn":
                return word
    return None


def run_all(source, work):
    env = dict(os.environ, PATH=os.path.join(work, "bin") + os.pathsep + os.environ.get("PATH", ""))
    docs = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(source, "docs")) if f.endswith(".md"))
    ran = failed = 0
    for doc in docs:
        for line, text in blocks(os.path.join(source, doc)):
            # A file the next commands read: printf/echo into a file, or a plugin compiled with g++.
            setup = re.match(r"^(printf|echo|cat)\b.*>\s*\S+$|^g\+\+ .*-o \S+\.so$", text)
            if setup:
                subprocess.run(["bash", "-c", text], cwd=work, env=env, check=False)
                continue
            for command, code in commands(text):
                where = f"{doc}:{line}"
                reason = next((why for part, why in EXCEPTIONS.items() if part in command), None)
                if PLACEHOLDER.search(command):
                    print(f"synopsis {where}: {command}")
                    continue
                if reason:
                    print(f"skip {where}: {command}  ({reason})")
                    continue
                absent = missing_file(command, work)
                if absent:
                    print(f"skip {where}: {command}  ({absent} absent: shared data or minizinc missing)")
                    continue
                start = time.monotonic()
                try:
                    r = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                       timeout=TIMEOUT, check=False)
                    status, output = r.returncode, r.stdout + r.stderr
                except subprocess.TimeoutExpired:
                    status, output = "timeout", ""
                seconds = time.monotonic() - start
                ran += 1
                if status != code or not output.strip():
                    failed += 1
                    print(f"FAIL {where}: {command}: exit {status} (expected {code}), {len(output)} bytes of output")
                    print("  " + "\n  ".join(output.strip().split("\n")[:8]))
                else:
                    print(f"ok   {where}: {command}  ({seconds:.1f} s)")
    return ran, failed


def main():
    csp, source = sys.argv[1], os.path.abspath(sys.argv[2])
    shared = sys.argv[3] if len(sys.argv) > 3 and os.path.isdir(sys.argv[3]) else ""
    solvers = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 else ""
    work = scratch(source, shared, solvers, csp)
    try:
        ran, failed = run_all(source, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{ran} commands run, {failed} failed")
    return 0 if ran > 0 and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
