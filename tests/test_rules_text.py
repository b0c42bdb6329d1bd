from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.text import cut_content, normalise_whitespace

E_ACUTE = "e\u0301"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"


def test_short_content_is_unchanged() -> None:
    assert cut_content("用户偏好 zsh") == "用户偏好 zsh"


def test_content_is_cut_to_200_code_points() -> None:
    assert cut_content("字" * 250) == "字" * 200


def test_a_combining_mark_is_never_split_from_its_base() -> None:
    text = "a" * 199 + E_ACUTE + "tail"
    assert cut_content(text) == "a" * 199


def test_a_zwj_emoji_sequence_is_left_out_whole() -> None:
    text = "a" * 198 + FAMILY
    assert cut_content(text) == "a" * 198


def test_a_pathological_single_cluster_is_cut_hard_rather_than_emptied() -> None:
    assert cut_content("a" + "\u0301" * 300) == ("a" + "\u0301" * 300)[:200]


def test_whitespace_runs_fold_to_one_space() -> None:
    assert normalise_whitespace("  用户\u3000\u3000偏好\n\r\n zsh\u2028\t ") == "用户 偏好 zsh"


clusters = st.sampled_from(["a", "字", E_ACUTE, FAMILY, "\U0001F44D\U0001F3FD", "\u2764\ufe0f", " ", "ก\u0e31"])


@given(st.lists(clusters, max_size=260))
def test_the_cut_is_a_prefix_of_at_most_200_that_ends_on_a_cluster_boundary(parts: list[str]) -> None:
    text = "".join(parts)
    cut = cut_content(text)
    assert text.startswith(cut) and len(cut) <= 200
    if len(text) <= 200:
        assert cut == text
    else:
        boundaries = {0}
        position = 0
        for part in parts:
            position += len(part)
            boundaries.add(position)
        assert len(cut) in boundaries
        assert len(cut) > 200 - len(FAMILY)


@given(st.text())
def test_normalised_text_has_no_edge_or_double_whitespace(text: str) -> None:
    folded = normalise_whitespace(text)
    assert folded == folded.strip() and "  " not in folded
    assert not any(ch.isspace() and ch != " " for ch in folded)
    assert normalise_whitespace(folded) == folded


def test_visible_text_is_what_the_context_still_shows() -> None:
    """Issue 20.5: a NUL or zero-width-only text would be injected as an empty line."""
    from sidecar.rules.text import has_visible_text

    for invisible in ("", "\u0000", "\u200b\u200d", " \n\t\u3000", "\u2028", "\u0301", "\u3164", "\ufe0f"):
        assert not has_visible_text(invisible)
    for visible in ("a", "用户", "e\u0301", "😀", FAMILY, "\u200b用户"):
        assert has_visible_text(visible)


@given(st.text())
def test_visibility_never_raises_and_any_letter_is_visible(text: str) -> None:
    from sidecar.rules.text import has_visible_text

    if any(c.isalnum() and c not in "\u115f\u1160\u3164\uffa0" for c in text):
        assert has_visible_text(text)
