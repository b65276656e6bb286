"""The verdicts from facts alone: the right wrap, the 1.5xH view, a view over the coded rows, a copy."""

from __future__ import annotations

import factsbuild as fb
from zci import verdicts
from zci.facts import AllocationFacts, ObjectFacts, PlaneFacts
from zci.report import plane_reports


def strides(facts) -> list[tuple[int, int | None]]:
    """Each plane's pitch and the row stride the wrapped object gives it, as the report states them for the
    inspector's stride check."""
    return [(p["pitch"], p["nvcvRowStride"]) for p in plane_reports(facts)]


def test_a_plane_by_plane_wrap_matches_every_pointer_and_stride():
    facts = fb.frame("right", fb.image_wrap())
    assert verdicts.pointer_matches(facts) == [True, True]
    assert strides(facts) == [(2048, 2048), (2048, 2048)]
    assert all(p.inside and p.offset_in_source_allocation is not None for p in verdicts.placements(facts))
    assert verdicts.one_context(facts) is True


def test_the_one_and_a_half_h_view_puts_chroma_eight_rows_early():
    facts = fb.frame("naive", fb.naive_tensor(1620))
    implied = verdicts.implied_planes(facts)
    assert implied[1] is not None and fb.UV - implied[1][0] == 8 * fb.PITCH
    assert verdicts.pointer_matches(facts) == [True, False]
    tensor = verdicts.tensor_verdict(facts)
    assert (tensor["valid"], tensor["assumedChromaRow"], tensor["actualChromaRow"]) == (False, 1080, 1088)
    assert "[1,1632,1920,1]" in str(tensor["reason"])


def test_a_tensor_over_the_coded_rows_is_valid_if_cropped():
    facts = fb.frame("coded", fb.naive_tensor(1632))
    assert verdicts.pointer_matches(facts) == [True, True]
    tensor = verdicts.tensor_verdict(facts)
    assert tensor["valid"] is True and "crop" in str(tensor["reason"])


def test_hidden_rows_from_the_pointers_and_the_allocation():
    facts = fb.frame("right", fb.image_wrap())
    assert verdicts.rows_before_next(facts.source.planes, 0) == 1088
    assert verdicts.rows_in_allocation(facts.source.planes[1]) - 540 == 4
    assert verdicts.coded_rows(facts.source, 1) == 544


def test_a_copy_lies_outside_the_source_allocation_in_another_context():
    elsewhere = AllocationFacts(0x900000000, 1 << 22, "device", 0, 0x1111, 5)
    copy = ObjectFacts(
        "cuda-array-interface",
        "a copy",
        [
            PlaneFacts("Y", 0x900000000, 2048, 1920, 1080, 1, elsewhere),
            PlaneFacts("UV", 0x900000000 + 2048 * 1080, 2048, 960, 540, 2, elsewhere),
        ],
    )
    facts = fb.frame("copy", copy)
    assert verdicts.pointer_matches(facts) == [False, False]
    assert [p.inside for p in verdicts.placements(facts)] == [False, False]
    assert verdicts.one_context(facts) is False


def test_a_wrap_with_a_wider_row_stride_matches_pointers_and_fails_the_stride():
    wrap = fb.image_wrap()
    y, uv = wrap.planes
    wider = ObjectFacts(
        wrap.kind,
        wrap.described,
        [PlaneFacts(y.name, y.pointer, y.pitch + 64, y.width, y.height, y.bytes_per_sample, y.allocation), uv],
    )
    facts = fb.frame("pitch", wider)
    assert verdicts.pointer_matches(facts) == [True, True]
    assert strides(facts) == [(2048, 2048 + 64), (2048, 2048)]


def test_strides_are_not_judged_where_the_wrapped_object_has_no_such_plane():
    assert strides(fb.frame("none", None)) == [(2048, None), (2048, None)]
