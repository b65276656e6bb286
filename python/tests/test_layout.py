"""The layout a facts record implies (where the wrapped object addresses each plane, the rows around each plane), and
a report that states facts only: its judgements are the inspector's, derived from the recorded facts."""

from __future__ import annotations

import factsbuild as fb
from zci import layout
from zci.facts import AllocationFacts, ObjectFacts, PlaneFacts
from zci.report import frame_report, plane_reports

#: The report's judgements (contract/capture-recorded.ts, RECORDER_JUDGEMENTS): never written by the recorder.
PLANE_JUDGEMENTS = {"nvcvPointer", "nvcvRowStride", "match"}
WRAP_JUDGEMENTS = {"reason", "tensor"}
CONTEXT_JUDGEMENTS = {"oneContext", "strategy"}


def test_a_plane_by_plane_wrap_addresses_every_plane_where_the_source_does():
    facts = fb.frame("right", fb.image_wrap())
    assert layout.implied_planes(facts) == [(p.pointer, p.pitch) for p in facts.source.planes]


def test_the_one_and_a_half_h_view_addresses_chroma_eight_rows_early():
    implied = layout.implied_planes(fb.frame("naive", fb.naive_tensor(1620)))
    assert implied[0] == (fb.BASE, fb.PITCH)
    assert implied[1] is not None and fb.UV - implied[1][0] == 8 * fb.PITCH


def test_a_tensor_over_the_coded_rows_addresses_chroma_where_it_is():
    implied = layout.implied_planes(fb.frame("coded", fb.naive_tensor(1632)))
    assert implied[1] == (fb.UV, fb.PITCH)


def test_a_tensor_too_short_for_a_plane_addresses_none_of_it():
    assert layout.implied_planes(fb.frame("short", fb.naive_tensor(1000)))[1] is None


def test_nothing_is_addressed_without_a_wrapped_object():
    assert layout.implied_planes(fb.frame("none", None)) == [None, None]


def test_hidden_rows_from_the_pointers_and_the_allocation():
    facts = fb.frame("right", fb.image_wrap())
    assert layout.rows_before_next(facts.source.planes, 0) == 1088
    assert layout.rows_in_allocation(facts.source.planes[1]) - 540 == 4
    assert layout.coded_rows(facts.source, 1) == 544


def test_the_report_states_no_judgement_for_any_wrap():
    elsewhere = AllocationFacts(0x900000000, 1 << 22, "device", 0, 0x1111, 5)
    copy = ObjectFacts(
        "cuda-array-interface",
        "a copy",
        [
            PlaneFacts("Y", 0x900000000, 2048, 1920, 1080, 1, elsewhere),
            PlaneFacts("UV", 0x900000000 + 2048 * 1080, 2048, 960, 540, 2, elsewhere),
        ],
    )
    for wrapped in (fb.image_wrap(), fb.naive_tensor(1620), copy, None):
        report = frame_report(fb.frame("x", wrapped), 0, set(), 1)
        assert all(PLANE_JUDGEMENTS.isdisjoint(p) for p in report["planes"])
        assert WRAP_JUDGEMENTS.isdisjoint(report["wrap"])
        assert CONTEXT_JUDGEMENTS.isdisjoint(report["context"])


def test_the_planes_keep_their_facts():
    planes = plane_reports(fb.frame("right", fb.image_wrap()))
    assert [(p["pitch"], p["ffmpegPointer"]) for p in planes] == [(fb.PITCH, hex(fb.BASE)), (fb.PITCH, hex(fb.UV))]
    assert planes[0]["hiddenRowsAfter"] == 8 and planes[0]["codedRowsNotDisplayed"] == 8
