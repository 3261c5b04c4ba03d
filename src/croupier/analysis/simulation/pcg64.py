"""numpy's PCG64 generator stepped in a numba kernel's own code: the outputs
``numpy.random.default_rng(seed).bit_generator.random_raw()`` gives, without a call of the
generator's C function through its pointer (numba's ``next_uint64``), which clobbers the
caller's registers at every draw.

:func:`generator_state` takes a generator's state as four words; :func:`output` steps it
in place and returns the next raw 64-bit output. Used by the Double Back Jack and
Criss-Cross Poker kernels and by their generators' ceilings (``draws``), which draw as the
kernels do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

import numba
import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import types
from numba.extending import intrinsic

Words = npt.NDArray[np.uint64]

MULTIPLIER: Final = 0x2360ED051FC65DA44385DF649FCCF645
"""PCG64's 128-bit multiplier (numpy's ``PCG_DEFAULT_MULTIPLIER_128``)."""


def _step_typed(
    typingctx: Any, high: Any, low: Any, inc_high: Any, inc_low: Any
) -> tuple[Any, Callable[..., Any]]:
    """PCG64's step of its 128-bit state as LLVM's 128-bit integers (numba has none):
    ``state * multiplier + increment`` from the halves, the new state's halves back."""
    u64 = types.uint64
    signature = types.UniTuple(u64, 2)(u64, u64, u64, u64)  # type: ignore[no-untyped-call]

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        wide, half = ir.IntType(128), ir.IntType(64)
        shift = ir.Constant(wide, 64)

        def join(high: Any, low: Any) -> Any:
            return builder.or_(
                builder.shl(builder.zext(high, wide), shift), builder.zext(low, wide)
            )

        stepped = builder.add(
            builder.mul(join(args[0], args[1]), ir.Constant(wide, MULTIPLIER)),
            join(args[2], args[3]),
        )
        high = builder.trunc(builder.lshr(stepped, shift), half)
        return context.make_tuple(builder, sig.return_type, (high, builder.trunc(stepped, half)))

    return signature, codegen


step: Final = cast(
    Callable[[np.uint64, np.uint64, np.uint64, np.uint64], tuple[np.uint64, np.uint64]],
    intrinsic(_step_typed),
)


def mix_py(high: np.uint64, low: np.uint64) -> np.uint64:
    """PCG64's XSL-RR output of the (stepped) state ``high, low``."""
    x = high ^ low
    turn = high >> np.uint64(58)
    return (x >> turn) | (x << ((np.uint64(64) - turn) & np.uint64(63)))


mix: Final = cast(
    Callable[[np.uint64, np.uint64], np.uint64],
    numba.njit(cache=True, nogil=True, inline="always")(mix_py),
)


def output_py(pcg: Words) -> np.uint64:
    """The next raw 64-bit output of the PCG64 generator whose state is ``pcg``
    (:func:`generator_state`), the state stepped in place: the step, then the XSL-RR
    output of the new state (numpy's ``pcg64_next64``: the values ``random_raw`` gives).
    A kernel that draws several outputs in a row may keep the state's halves in locals
    instead (:func:`step`, :func:`mix`): a store and a load of the array fewer a draw."""
    high, low = step(pcg[0], pcg[1], pcg[2], pcg[3])
    pcg[0], pcg[1] = high, low
    return mix(high, low)


output: Final = cast(
    Callable[[Words], np.uint64], numba.njit(cache=True, nogil=True, inline="always")(output_py)
)


def generator_state(generator: np.random.Generator) -> Words:
    """The state of ``generator``'s PCG64 bit generator as :func:`output` steps it: the
    state's high and low 64 bits, the increment's. Raises ``TypeError`` for another bit
    generator."""
    bits = generator.bit_generator
    if not isinstance(bits, np.random.PCG64):
        raise TypeError(f"the kernel steps PCG64 only, not {type(bits).__name__}")
    held = bits.state["state"]
    mask = (1 << 64) - 1
    words = (held["state"] >> 64, held["state"] & mask, held["inc"] >> 64, held["inc"] & mask)
    return np.array(words, dtype=np.uint64)


__all__ = ["MULTIPLIER", "Words", "generator_state", "mix", "output", "step"]
