"""The result store: rows kept across reopening, other settings refused, one plain file when
closed."""

import sqlite3

import pytest

from kibitz.core.errors import InvalidOptions
from kibitz.lab.store import ResultStore


def test_rows_survive_reopening_and_other_settings_are_refused(tmp_path):
    path = tmp_path / "r.sqlite"
    with ResultStore(path, "survey", {"nodes": 5}) as store:
        store.add("000000000001", [[1, "win", 3, {"home": 0}]])
        assert list(tmp_path.glob("r.sqlite-wal"))  # writing goes through the WAL
    with ResultStore(path, "survey", {"nodes": 5}) as store:
        assert store.keys() == {"000000000001"}
        assert list(store.items()) == [("000000000001", [[1, "win", 3, {"home": 0}]])]
    with pytest.raises(InvalidOptions, match=r"other settings.*; give another results file to"):
        ResultStore(path, "survey", {"nodes": 6})
    with pytest.raises(InvalidOptions, match=r"; give another --store file to start afresh$"):
        ResultStore(path, "survey", {"nodes": 6}, "another --store file")


def test_a_closed_store_is_one_self_contained_file(tmp_path):
    path = tmp_path / "r.sqlite"
    with ResultStore(path, "study", {}) as store:
        store.add("a", {"points": 1.0})
    assert [p.name for p in tmp_path.iterdir()] == ["r.sqlite"]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert db.execute("SELECT count(*) FROM results").fetchone() == (1,)


def test_a_folder_or_a_file_of_another_kind_is_refused_and_left_as_it_is(tmp_path):
    other = tmp_path / "notes.sqlite"
    other.write_text('{"not": "a database"}')
    for path, reason in ((tmp_path, "unable to open"), (other, "file is not a database")):
        with pytest.raises(InvalidOptions, match=f"cannot be a results file: {reason}"):
            ResultStore(path, "survey", {})
    assert other.read_text() == '{"not": "a database"}'


def test_a_store_opened_to_read_leaves_the_file_byte_for_byte(tmp_path):
    path = tmp_path / "results.sqlite"
    with ResultStore(path, "study", {"games": 2}) as store:
        store.add("a", {"points": 1})
    before = path.read_bytes()
    with ResultStore(path, "study", {"games": 2}, read_only=True) as store:
        assert dict(store.items()) == {"a": {"points": 1}}
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "results.sqlite"]
    with pytest.raises(InvalidOptions, match="other settings"):
        ResultStore(path, "study", {"games": 3}, read_only=True)
