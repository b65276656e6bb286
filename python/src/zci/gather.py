"""Taking a frame's facts from the live process through the driver, within the plan's caps."""

from __future__ import annotations

import os
import time

from . import layout
from .driver import Driver
from .facts import (
    AllocationFacts,
    BoundaryFacts,
    FrameFacts,
    NotTaken,
    ObjectFacts,
    PlaneFacts,
    ProofFacts,
    StreamFacts,
    ThumbnailFacts,
)
from .plan import FRAME_READ_CAP, boundary_reads, thumbnail_plan
from .planes import Plane, PlaneSet, check_within

CANARY_BYTES = 8


def object_facts(driver: Driver, planes: PlaneSet, what: str) -> ObjectFacts:
    """Each plane with the allocation it lies in; a plane that runs past its allocation is refused."""
    found = []
    for i, plane in enumerate(planes.planes):
        at = f"{what} plane {i} ({plane.name})"
        alloc = driver.allocation(plane.pointer, at)
        check_within(plane, alloc.start, alloc.size, at, "its allocation")
        found.append(
            PlaneFacts(
                plane.name,
                plane.pointer,
                plane.pitch,
                plane.width,
                plane.height,
                plane.bytes_per_sample,
                AllocationFacts(alloc.start, alloc.size, alloc.memory, alloc.device, alloc.context, alloc.buffer_id),
            )
        )
    return ObjectFacts(
        planes.kind,
        planes.described,
        found,
        planes.pixel_format,
        planes.coded_width,
        planes.coded_height,
        planes.time_seconds,
    )


def stream_facts(driver: Driver, stream: int | None, event: int | None) -> StreamFacts:
    """The named stream's (or event's) state at hand-over: a query, never a wait."""
    if event is not None:
        return StreamFacts(event, "cuEventQuery", driver.event_state(event))
    if stream is not None:
        return StreamFacts(stream, "cuStreamQuery", driver.stream_state(stream))
    return StreamFacts(None, None, "not-named")


def _plane(p: PlaneFacts) -> Plane:
    return Plane(p.pointer, p.pitch, p.width, p.height, p.bytes_per_sample, p.name)


def _available(p: PlaneFacts) -> int | None:
    return None if p.allocation is None else p.allocation.start + p.allocation.size - p.pointer


def take(
    driver: Driver,
    label: str,
    source: PlaneSet,
    wrapped: PlaneSet | None,
    *,
    stream: int | None = None,
    event: int | None = None,
    proof: bool = False,
) -> FrameFacts:
    """Every fact of one frame. Reads are on the recorder's own stream and never exceed FRAME_READ_CAP bytes."""
    started = time.perf_counter()
    state = stream_facts(driver, stream, event)
    source_facts = object_facts(driver, source, "source")
    wrapped_facts = None if wrapped is None else object_facts(driver, wrapped, "wrapped")
    facts = FrameFacts(label, source_facts, wrapped_facts, driver.current_context() or None, state)
    if state.state == "pending":
        facts.not_taken.append(
            NotTaken(
                "settled bytes",
                "the named stream still had work pending at hand-over; "
                "the bytes and thumbnails were read without waiting for it",
            )
        )
    budget = FRAME_READ_CAP
    for name, obj in (("source", source_facts), ("wrapped", wrapped_facts)):
        for i, p in enumerate(obj.planes if obj is not None else []):
            assert p.allocation is not None
            for read in boundary_reads(_plane(p), _available(p)):
                data = driver.read(p.allocation.context, p.pointer + read.offset, read.count)
                budget -= read.count
                facts.boundaries.append(BoundaryFacts(name, i, read.what, read.offset, data.hex()))
    for i, p in enumerate(source_facts.planes):
        plan = thumbnail_plan(_plane(p))
        if plan.bytes > budget or p.allocation is None:
            facts.not_taken.append(NotTaken(f"thumbnail of plane {i}", "over the recorder's read cap"))
            continue
        grid = driver.read_columns(
            p.allocation.context, p.pointer, p.pitch * plan.row_step, list(plan.columns), plan.sample_bytes, plan.rows
        )
        budget -= plan.bytes
        facts.thumbnails.append(
            ThumbnailFacts(i, len(plan.columns), plan.rows, plan.row_step, plan.sample_bytes, grid.hex())
        )
    facts.proof = run_proof(driver, facts) if proof else ProofFacts(asked=False)
    facts.bytes_read = FRAME_READ_CAP - budget
    facts.elapsed_us = (time.perf_counter() - started) * 1e6
    return facts


def proof_targets(facts: FrameFacts) -> list[tuple[int, int, int]]:
    """(context, wrapped address, source address): the first and last row of each source plane, as the wrapped
    object addresses them (layout.implied_planes) and as the source does."""
    pairs = []
    for s, implied in zip(facts.source.planes, layout.implied_planes(facts)):
        if implied is None or s.allocation is None:
            continue
        for r in (0, s.height - 1):
            pairs.append((s.allocation.context, implied[0] + r * implied[1], s.pointer + r * s.pitch))
    return pairs


def run_proof(driver: Driver, facts: FrameFacts) -> ProofFacts:
    """Writes a canary through the wrapped object's address, reads it through the source's, restores the bytes."""
    targets = proof_targets(facts)
    if not targets:
        return ProofFacts(asked=True, reason="no wrapped object to write through")
    canary = os.urandom(CANARY_BYTES)
    result = ProofFacts(asked=True, ran=True, canary=canary.hex())
    before_src = [driver.read(ctx, src, CANARY_BYTES) for ctx, _, src in targets]
    before_dst = [driver.read(ctx, dst, CANARY_BYTES) for ctx, dst, _ in targets]
    try:
        for ctx, dst, src in targets:
            driver.write(ctx, dst, canary)
            result.read_back.append(driver.read(ctx, src, CANARY_BYTES).hex())
    finally:
        for (ctx, dst, src), old_dst, old_src in reversed(list(zip(targets, before_dst, before_src))):
            driver.write(ctx, dst, old_dst)
            driver.write(ctx, src, old_src)
        result.restored = all(driver.read(ctx, src, CANARY_BYTES) == o for (ctx, _, src), o in zip(targets, before_src))
    result.passed = all(r == result.canary for r in result.read_back)
    missed = [i for i, r in enumerate(result.read_back) if r != result.canary]
    result.reason = (
        "the canary written through the wrapped object was read back through the source on every "
        "plane, and the original bytes were restored"
        if result.passed
        else f"{len(missed)} of {len(targets)} canaries written through the wrapped object were not read back "
        "through the source: those rows are not the same memory"
    )
    if not result.restored:
        result.reason += "; THE ORIGINAL BYTES WERE NOT RESTORED"
    return result
