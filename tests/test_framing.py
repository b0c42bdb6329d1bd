from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sidecar.framing import Frame, LineFramer, Oversize


def frames_of(*chunks: bytes, cap: int = 1024) -> list[Frame]:
    framer = LineFramer(cap)
    out: list[Frame] = []
    for chunk in chunks:
        out += framer.feed(chunk)
    return out + framer.finish()


def test_lines_are_split_on_newline_and_crlf_is_accepted() -> None:
    assert frames_of(b'{"a":1}\n{"b":2}\r\n') == [b'{"a":1}', b'{"b":2}']


def test_blank_and_whitespace_only_lines_are_ignored() -> None:
    assert frames_of(b"\n   \n\t\r\n{}\n\n") == [b"{}"]


def test_a_bom_at_stream_start_is_ignored_even_when_split_across_chunks() -> None:
    assert frames_of(b"\xef", b"\xbb", b"\xbf{}\n") == [b"{}"]


def test_a_bom_later_in_the_stream_is_kept() -> None:
    assert frames_of(b"{}\n\xef\xbb\xbf{}\n") == [b"{}", b"\xef\xbb\xbf{}"]


def test_a_line_split_across_chunks_is_reassembled() -> None:
    assert frames_of(b'{"a"', b":1", b"}\r", b"\n") == [b'{"a":1}']


def test_a_last_line_without_newline_still_counts_at_eof() -> None:
    assert frames_of(b"{}\n[1]") == [b"{}", b"[1]"]


def test_eof_is_not_an_empty_line() -> None:
    assert frames_of(b"") == []


def test_oversize_line_is_reported_once_and_the_rest_of_it_discarded() -> None:
    frames = frames_of(b"x" * 10, b"y" * 10, b"z" * 10 + b"\n{}\n", cap=16)
    assert len(frames) == 2
    assert isinstance(frames[0], Oversize) and (frames[0].size, frames[0].cap) == (30, 16)
    assert frames[1] == b"{}"


def test_oversize_line_inside_one_chunk() -> None:
    frames = frames_of(b"a" * 20 + b"\n{}\n", cap=16)
    assert isinstance(frames[0], Oversize) and frames[1] == b"{}"


def test_a_line_exactly_at_the_cap_is_accepted() -> None:
    assert frames_of(b"a" * 16 + b"\r\n", cap=16) == [b"a" * 16]


@given(st.lists(st.binary(max_size=40), max_size=12), st.integers(4, 64))
def test_no_frame_ever_contains_a_newline_or_exceeds_the_cap(chunks: list[bytes], cap: int) -> None:
    for frame in frames_of(*chunks, cap=cap):
        if not isinstance(frame, Oversize):
            assert b"\n" not in frame and len(frame) <= cap and frame.strip()


@given(st.lists(st.binary(min_size=1, max_size=20).filter(lambda b: b"\n" not in b and b.strip() != b""
                                                          and not b.startswith(b"\xef")), max_size=8),
       st.data())
def test_chunking_never_changes_the_frames(lines: list[bytes], data: st.DataObject) -> None:
    stream = b"".join(line + b"\n" for line in lines)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    assert frames_of(*chunks) == [line.rstrip(b"\r") for line in lines if line.rstrip(b"\r").strip()]
