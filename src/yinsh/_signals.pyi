"""Type stubs of Ctrl-C polling for the compiled loops (``_signals.pyx``:
its API is for compiled modules, through ``_signals.pxd``)."""

def _after_fork_in_child() -> None: ...
