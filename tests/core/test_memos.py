"""core.memos: a bounded table of remembered answers, every one emptied at once."""

from __future__ import annotations

import pytest

from skirmish.core.memos import Memo, clear_memos


def test_a_memo_forgets_its_oldest_answer_past_its_size() -> None:
    memo: Memo[int, str] = Memo("test", 3)
    for k in range(5):
        assert memo.keep(k, str(k)) == str(k)
    assert len(memo) == 3
    assert memo.get(0) is None and memo.get(1) is None
    assert [memo.get(k) for k in (2, 3, 4)] == ["2", "3", "4"]


def test_clear_memos_empties_every_memo() -> None:
    first: Memo[str, int] = Memo("first", 4)
    second: Memo[str, int] = Memo("second", 4)
    first.keep("a", 1)
    second.keep("b", 2)
    clear_memos()
    assert len(first) == len(second) == 0
    assert first.get("a") is None


def test_a_memo_keeps_at_least_one_answer() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Memo("empty", 0)
