"""Scoring an error's canonical text against the triggers it may match.

``rapidfuzz.fuzz.ratio`` (0-100) of each query text with each of its choices:
the triggers of the pattern groups it is eligible for (``matcher.Matcher``
says which). Only a query's ``TOP`` best are kept, and none far below the
lowest threshold among its choices (``RESCUE``): ``Matcher._best`` looks at
those closer. One query at a time, ``process.extract`` over all its choices;
many at once (``matcher.BATCH_PAIRS`` says when that pays for numpy's
import), one ``process.cdist`` per group, which scores many strings together.
Both give each query the same hits, best score first, then pattern order.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import chain
from typing import Any, TypeVar

TOP = 8  # best raw scores per error that are looked at closer
RESCUE = 0.3  # how far below its threshold a trigger with placeholders is still looked at
MISS = 1e-6  # a score above 0: cdist's 0 is below the cutoff

Choices = tuple[list[str], list[int], float]
"""Triggers' canonical texts, their patterns' orders, and the lowest of their thresholds."""
Hits = list[tuple[float, int]]
"""A query's top raw scores (0-100) and the pattern orders they are of."""

K = TypeVar("K", bound=Hashable)  # a pattern group's key


def top_hits(
    queries: Sequence[tuple[str, tuple[K, ...]]],
    merged: Callable[[tuple[K, ...]], Choices],
    single: Callable[[K], Choices],
    many: bool,
) -> list[Hits]:
    """Each query's (a canonical text, the groups it is scored against) top raw
    scores and pattern orders, best first.

    ``merged``: a query's groups' choices as one, in pattern order (one by
    one); ``single``: one group's (at once). ``many``: one ``cdist`` per pattern
    group, which scores many strings at once (SIMD), several times faster than
    one ``extract`` per query; it needs numpy, without which each query is
    scored alone.
    """
    from rapidfuzz import fuzz, process

    if many:
        try:
            import numpy as np
        except ImportError:
            many = False
    out: list[Hits] = [[] for _ in queries]
    if not many:
        for i, (text, groups) in enumerate(queries):
            texts, orders, floor = merged(groups)
            if texts and text:
                out[i] = [
                    (score, orders[pos])
                    for _, score, pos in process.extract(
                        text,
                        texts,
                        scorer=fuzz.ratio,
                        limit=TOP,
                        score_cutoff=max(floor - RESCUE, 0.0) * 100,
                    )
                ]
        return out
    asking: dict[K, dict[str, list[int]]] = {}  # group -> query text -> queries
    for i, (text, groups) in enumerate(queries):
        for g in groups if text else ():
            asking.setdefault(g, {}).setdefault(text, []).append(i)
    arrays: list[tuple[Any, Any, Any]] = []  # per group: the hits' queries, scores, orders
    for g, texts_asked in asking.items():
        texts, orders, floor = single(g)
        matrix = process.cdist(
            list(texts_asked),
            texts,
            scorer=fuzz.ratio,
            score_cutoff=max(floor - RESCUE, 0.0) * 100,
            dtype=np.float32,
        )
        if matrix.shape[1] > TOP:  # keep each row's TOP best (and a few more); 0 is a miss
            # The TOP-th best, rounded down: partitioning bytes is quicker than floats,
            # and the exact cut is made below, on the few scores kept.
            kth = np.partition(matrix.astype(np.uint8), -TOP, axis=1)[:, -TOP]
            rows, cols = np.nonzero(matrix >= np.maximum(kth, MISS)[:, None])
        else:
            rows, cols = np.nonzero(matrix)
        owners = list(texts_asked.values())  # the queries of each row
        counts = np.fromiter(map(len, owners), dtype=np.intp, count=len(owners))
        flat = np.fromiter(chain.from_iterable(owners), dtype=np.intp, count=int(counts.sum()))
        reps = counts[rows]  # each hit, once for each query with its row's text
        first = np.repeat(np.cumsum(counts)[rows] - reps, reps)
        offset = np.arange(len(first)) - np.repeat(np.cumsum(reps) - reps, reps)
        arrays.append(
            (
                flat[first + offset],
                np.repeat(matrix[rows, cols], reps),
                np.asarray(orders, dtype=np.intp)[np.repeat(cols, reps)],
            )
        )
    if arrays:  # all hits at once, by query, best score first, then pattern order
        query, score, order = (np.concatenate(column) for column in zip(*arrays, strict=True))
        by = np.lexsort((order, -score, query))
        query, score, order = query[by], score[by], order[by]
        keep = np.arange(len(query)) - np.searchsorted(query, query) < TOP
        for i, s, o in zip(
            query[keep].tolist(), score[keep].tolist(), order[keep].tolist(), strict=True
        ):
            out[i].append((s, o))
    return out
