"""Shared helpers for the notebooks: find the repository, run `compute`, load its Parquet.

The notebooks read what the pipeline wrote under results/ (or $FIBNIM_RESULTS). When a
file is missing they run `compute` to make it, at a small size that takes seconds. Parquet
is read with pandas through pyarrow when it is installed; otherwise each file is turned into
CSV by `compute export -format csv` in a temporary folder and read from there, so nothing
but pandas and matplotlib is needed (Debian 12 has no pyarrow package).
"""

import os
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

# The repository: the notebooks live in ROOT/notebooks and run with it as working folder.
ROOT = Path(os.environ.get("FIBNIM_ROOT", Path.cwd().parent)).resolve()
# Where the pipeline's results are read from, and where missing ones are computed.
RESULTS = Path(os.environ.get("FIBNIM_RESULTS", ROOT / "results")).resolve()
# N of the Grundy run made here when results/ has none: the scale `make` runs.
SMALL_N = int(os.environ.get("FIBNIM_NOTEBOOK_N", "1000000"))

try:
    import pyarrow  # noqa: F401

    HAVE_PYARROW = True
except ImportError:
    HAVE_PYARROW = False


def compute_bin():
    """The compute command, built with `go build` if bin/compute is not there."""
    exe = ROOT / "bin" / "compute"
    if not exe.exists():
        subprocess.run(["go", "build", "-o", str(exe), "./cmd/compute"], cwd=ROOT, check=True)
    return exe


def compute(*args):
    """Runs `compute ARGS...` in the repository and returns its standard output.

    A failure raises RuntimeError with compute's one-line error message.
    """
    cmd = [str(compute_bin())] + [str(a) for a in args]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"compute {' '.join(map(str, args))} failed: {r.stderr.strip()}")
    return r.stdout


def ensure(relpath, *args):
    """The path RESULTS/relpath, running `compute ARGS... -out RESULTS` first if it is missing."""
    path = RESULTS / relpath
    if not path.exists():
        print(f"{path} is missing; running: compute {' '.join(map(str, args))} -out {RESULTS}")
        compute(*args, "-out", RESULTS)
    return path


def read(path, **csv_options):
    """One Parquet file of the pipeline as a DataFrame.

    With pyarrow, pandas reads the Parquet directly. Without it the file goes through
    `compute export -format csv`; csv_options go to pandas.read_csv (for example
    dtype={"f_k": str} to keep big integers exact as text).
    """
    if HAVE_PYARROW:
        df = pd.read_parquet(path)
        for col, kind in csv_options.get("dtype", {}).items():
            df[col] = df[col].astype(kind)
        return df
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / (Path(path).stem + ".csv")
        compute("export", "-in", path, "-format", "csv", "-out", out)
        return pd.read_csv(out, **csv_options)


def read_breakpoints(path):
    """One breakpoint file as a DataFrame with a row (n, g, r_min) for every n with G(n) >= g."""
    return expand_runs(read(path))


def expand_runs(df):
    """Expands breakpoint runs: a row (n, g, r_min, run) stands for R_g(n + i) = r_min + i for
    0 <= i < run; the result has a row (n, g, r_min) for each of them."""
    run = df["run"].to_numpy()
    i = np.arange(run.sum()) - np.repeat(np.cumsum(run) - run, run)
    return pd.DataFrame({
        "n": np.repeat(df["n"].to_numpy(), run) + i,
        "g": np.repeat(df["g"].to_numpy(), run),
        "r_min": np.repeat(df["r_min"].to_numpy(), run) + i,
    })
