"""Where the distributed layer's work items run: in this process, in local
worker processes, or on Ray. The runner is the engine's, since matches play
their games with it too (``yinsh.engine.workers``: the module says how
items are given out, retried and ended); this module names it for the
layer's jobs.

>>> list(in_order(run_items(abs, [-3, 2, -1])))
[3, 2, 1]
"""
from __future__ import annotations

from yinsh.engine.workers import MAX_WORKERS, in_order, ray_module, run_items

__all__ = ["run_items", "in_order", "ray_module", "MAX_WORKERS"]
