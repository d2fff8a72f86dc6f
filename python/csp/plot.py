"""Grid pictures with matplotlib (as the seeds' plot_sudoku): givens in black, found values in blue."""

from __future__ import annotations


def _symbol(v: int) -> str:
    return "" if v == 0 else str(v) if v <= 9 else chr(ord("A") + v - 10)


def plot_grid(values, givens=None, box=None, ax=None, title=None):
    """Draws a 2D grid of values (a list of rows; 0 = empty). givens: a grid of the same shape whose non-zero
    cells are drawn black (the others blue); box: (rows, cols) of the thick box lines. Returns the Axes."""
    import matplotlib.pyplot as plt

    n_rows, n_cols = len(values), len(values[0])
    if ax is None:
        _, ax = plt.subplots(figsize=(0.5 * n_cols + 1, 0.5 * n_rows + 1))
    for r in range(n_rows):
        for c in range(n_cols):
            v = values[r][c]
            if v:
                given = givens is None or givens[r][c] != 0
                ax.text(c + 0.5, n_rows - r - 0.5, _symbol(v), ha="center", va="center",
                        fontsize=max(6, 16 - n_cols // 3), color="black" if given else "blue",
                        fontweight="bold" if given else "normal")
    for i in range(n_rows + 1):
        thick = box is not None and i % box[0] == 0
        ax.plot([0, n_cols], [i, i], color="black", linewidth=2 if thick else 0.5)
    for j in range(n_cols + 1):
        thick = box is not None and j % box[1] == 0
        ax.plot([j, j], [0, n_rows], color="black", linewidth=2 if thick else 0.5)
    ax.set_xlim(0, n_cols)
    ax.set_ylim(0, n_rows)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax


def plot_sudoku(puzzle, solution=None, ax=None, title=None):
    """A Sudoku grid: the puzzle's givens black, the solution's other values blue (any box shape)."""
    shown = solution if solution is not None else puzzle
    return plot_grid(shown.rows(), puzzle.rows(), box=puzzle.box, ax=ax, title=title)


def plot_queens(problem, solution, ax=None, title=None):
    """An n-queens solution ({"Q1": row, ...}) as a board with a queen per column."""
    n = len(solution)
    rows = [[0] * n for _ in range(n)]
    for c in range(n):
        rows[solution[f"Q{c + 1}"] - 1][c] = 1
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(0.4 * n + 1, 0.4 * n + 1))
    for r in range(n):
        for c in range(n):
            ax.add_patch(plt.Rectangle((c, n - r - 1), 1, 1, color="#eeeeee" if (r + c) % 2 else "white"))
            if rows[r][c]:
                ax.text(c + 0.5, n - r - 0.5, "\u265B", ha="center", va="center", fontsize=14, color="blue")
    ax.set_xlim(0, n)
    ax.set_ylim(0, n)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax
