"""Checks of the numpy arrays callers pass to the compiled modules to fill
(``out=`` of planes and masks) and of the planes' ``perspective``: one
place for every game."""
from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt


def check_out(out: Optional[Any], shape: tuple[int, ...], dtype: npt.DTypeLike) -> npt.NDArray[Any]:
    """``out`` itself if it is a writable C-contiguous numpy array of this
    shape and dtype, else raises (``TypeError`` for a non-array,
    ``ValueError`` otherwise); a new zeroed array when ``out`` is None.

    >>> check_out(None, (2, 3), np.float32).shape
    (2, 3)
    >>> check_out(np.zeros(4), (2, 2), np.float64)
    Traceback (most recent call last):
    ...
    ValueError: out must have shape (2, 2), not (4,)
    """
    if out is None:
        return np.zeros(shape, dtype=dtype)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a numpy array, not {type(out).__name__}")
    if out.dtype != dtype:
        raise ValueError(f"out must have dtype {np.dtype(dtype).name}, not {out.dtype.name}")
    if out.shape != shape:
        raise ValueError(f"out must have shape {shape}, not {out.shape}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be a writable C-contiguous array")
    return out


def perspective_code(perspective: object, names: tuple[str, ...]) -> int:
    """The planes' perspective as the compiled modules take it: -1 for
    names[0] (the side to act), c for names[1 + c] (player c's view); else
    raises ``ValueError`` naming the perspectives.

    >>> perspective_code("black", ("side_to_act", "white", "black"))
    1
    >>> perspective_code("red", ("side_to_act", "white", "black"))
    Traceback (most recent call last):
    ...
    ValueError: perspective must be one of side_to_act, white, black, not 'red'
    """
    for code, name in enumerate(names):
        if perspective == name:
            return code - 1
    raise ValueError(f"perspective must be one of {', '.join(names)}, not {perspective!r}")
