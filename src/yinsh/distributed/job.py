"""One job runner for self-play and batch analysis: units, manifest, resume.

``run_job(fn, payloads, manifest, ...)`` runs ``fn(payloads[u])`` for every
unit u that the manifest does not list yet (``yinsh.distributed.backend``:
this process, local worker processes or Ray), records each returned entry
in the manifest as it arrives and saves the manifest (at most once a
second while running, and always at the end, also after Ctrl-C or an
error). ``fn`` writes the unit's file itself (``manifest.write_unit``) and
returns its entry, which holds ``games`` and ``positions`` counts for the
progress bar (tqdm: games, games/s, positions written).

Stopping is always safe: the manifest lists only complete files, and the
same call later runs only the units it lacks. Units are deterministic, so
the files of a resumed job are the bytes of an uninterrupted one.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from yinsh.distributed.backend import run_items
from yinsh.distributed.manifest import Manifest

__all__ = ["JobReport", "run_job"]


@dataclass(frozen=True)
class JobReport:
    """What a job did: ``units`` in all, ``skipped`` (finished before this
    run), ``ran`` (finished now), ``games`` and ``positions`` (of the units
    finished now), ``seconds`` (this run) and ``complete``."""

    units: int
    skipped: int
    ran: int
    games: int
    positions: int
    seconds: float
    complete: bool

    def summary(self) -> str:
        """One line for people."""
        rate = self.games / self.seconds if self.seconds > 0 else 0.0
        state = "complete" if self.complete else "incomplete (run the same command to resume)"
        return (f"{self.ran} units run, {self.skipped} already done, {self.units} in all: {state}; "
                f"{self.games} games, {self.positions} positions in {self.seconds:.1f} s "
                f"({rate:.2f} games/s)")


def run_job(fn: Callable[[Any], dict[str, Any]], payloads: list[Any], manifest: Manifest, *,
            workers: int = 1, ray: Optional[str] = None, progress: bool = False,
            label: str = "games", total_games: Optional[int] = None) -> JobReport:
    """Runs the units the manifest lacks (see the module); ``progress``
    shows a tqdm bar on standard error. Raises what ``fn`` raises, and
    ``KeyboardInterrupt`` (after saving the manifest)."""
    todo = [u for u in range(len(payloads)) if u not in manifest.units]
    done_games = sum(int(e.get("games", 0)) for e in manifest.units.values())
    manifest.complete = False
    manifest.save()
    games = positions = 0
    began = time.perf_counter()
    bar = _bar(progress, label, total_games, done_games)
    try:
        for index, entry in run_items(fn, [payloads[u] for u in todo], workers=workers, ray=ray):
            manifest.finish(todo[index], entry)
            manifest.save(every=1.0)
            games += int(entry.get("games", 0))
            positions += int(entry.get("positions", 0))
            if bar is not None:
                bar.update(int(entry.get("games", 0)))
                bar.set_postfix(positions=positions, refresh=False)
        manifest.complete = len(manifest.units) == len(payloads)
    finally:
        if bar is not None:
            bar.close()
        manifest.save()
    return JobReport(len(payloads), len(payloads) - len(todo), len(todo), games, positions,
                     time.perf_counter() - began, manifest.complete)


def _bar(progress: bool, label: str, total: Optional[int], initial: int) -> Any:
    if not progress:
        return None
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit=" " + label.rstrip("s"), desc=label,
                file=sys.stderr, dynamic_ncols=True, smoothing=0.1)
