"""Hypothesis strategies that generate the text users really store: CJK, emoji, marks, odd whitespace."""

from __future__ import annotations

from hypothesis import strategies as st

from protocol import MemoryItem

PIECES = ["用户", "偏好", "zsh", "项目", "使用", "pnpm", " ", "  ", "\u3000", "\n", "\r\n", "\t", "\u2028",
          "\u2029", "e\u0301", "😀", "👨\u200d👩\u200d👧", "\u200b", "#", "- ", "a", "B", "1"]
contents = st.one_of(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=80).map("".join),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=260),
)
ids = st.text(st.characters(codec="utf-8"), min_size=1, max_size=128)


@st.composite
def memory_lists(draw: st.DrawFn, max_size: int = 40, unique_contents: bool = False) -> list[MemoryItem]:
    drawn_ids = draw(st.lists(ids, unique=True, max_size=max_size))
    items = []
    seen_contents: set[str] = set()
    for id_ in drawn_ids:
        content = draw(contents)
        if unique_contents:
            key = " ".join(content.split())
            if not key or key in seen_contents:
                continue
            seen_contents.add(key)
        items.append(MemoryItem(id=id_, content=content, created_at=draw(st.integers(0, 50)),
                                source_scope=draw(st.sampled_from(["global", "ssh-1"]))))
    return items
