"""Executes a notebook (nbclient, the python3 kernel) and writes the executed copy to an output folder; any cell
that raises (an assertion on the notebook's numbers included) fails with the cell's traceback and exit status 1.
Usage: run_notebook.py NOTEBOOK.ipynb OUTPUT_DIR"""

import os
import pathlib
import sys

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


SKIP = 77  # ctest's SKIP_RETURN_CODE
KERNEL_STARTS = 3  # attempts to start the kernel


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    source, out_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    shared = pathlib.Path(os.environ.get("CSP_SHARED_DIR", source.resolve().parents[2] / "shared"))
    if not (shared / "puzzles" / "CoursIA").is_dir():
        print(f"skipped: no {shared / 'puzzles' / 'CoursIA'} (the course's puzzle files)")
        return SKIP
    for attempt in range(1, KERNEL_STARTS + 1):
        notebook = nbformat.read(source, as_version=4)
        # The kernel runs this interpreter (Debian's), with PYTHONPATH and CSP_SHARED_DIR from the environment.
        client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(source.parent)}})
        try:
            client.execute()
            break
        except CellExecutionError as e:
            print(f"{source}: {e}", file=sys.stderr)
            return 1
        except Exception as e:  # pylint: disable=broad-except
            # A kernel that dies before its first cell (seen: "ZMQError: Address already in use", a port another
            # kernel starting at the same moment took) is started again; a failure after a cell ran is the test's.
            if attempt == KERNEL_STARTS or any(c.get("execution_count") for c in notebook.cells
                                               if c.cell_type == "code"):
                raise
            print(f"{source.name}: the kernel did not start ({type(e).__name__}: {e}); starting it again",
                  file=sys.stderr)
        finally:
            out_dir.mkdir(parents=True, exist_ok=True)
            nbformat.write(notebook, out_dir / source.name)
    print(f"{source.name}: {sum(c.cell_type == 'code' for c in notebook.cells)} code cells ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
