#!/usr/bin/env bash
# Build time of the editable installs (README, "Installing and wheels"): in a fresh clone of
# this checkout's HEAD and a fresh venv with the dependencies already installed (so the
# times are the build's), `pip install -e .`, then `pip install -e ".[web]"` after it, each
# with pip's build isolation and again without it (--no-build-isolation, from a clean clone).
# Usage: benchmarks/install_times.sh [REVISION]   (default HEAD; e.g. an older commit to compare)
set -euo pipefail
cd "$(dirname "$0")/.."
revision=${1:-HEAD}
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
pip="$work/venv/bin/python -m pip"
$pip install -q numpy tqdm starlette uvicorn websockets setuptools Cython wheel > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
git clone -q . "$work/clone"
git -C "$work/clone" checkout -q "$revision"
cd "$work/clone"
timed() {   # the wall time, and the CPU time of pip and the compilers (the machine's other work aside)
    local TIMEFORMAT="%0R s wall, %0U+%0S s CPU"
    local times
    times=$( { time "$@" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; } ; } 2>&1 )
    echo "$times: pip ${*:4} (load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
}
echo "$(git log --oneline -1 | cut -c1-60), $(nproc) cores"
timed $pip install -e .
timed $pip install -e ".[web]"
git clean -xfdq
timed $pip install -e . --no-build-isolation
timed $pip install -e ".[web]" --no-build-isolation
