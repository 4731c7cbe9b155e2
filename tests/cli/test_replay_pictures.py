"""`gdl replay FILE --svg DIR` and `--animate OUT`: a picture a ply from the one board
renderer, and a game with nothing to draw refused in one line."""

from __future__ import annotations

from gdl import records
from gdl.cli import replay_pictures
from gdl.cli.main import main


def _record(game: str, moves: tuple[str, ...]) -> records.Record:
    return records.Record(game=game, rules_sha256=records.rules_hash(game), options={},
                          start=records.Start(), players=("a", "b"), moves=moves,
                          seconds=(0.0,) * len(moves), result=None, payoffs=None)


def test_a_picture_a_ply_with_the_last_move_marked(tmp_path):
    record = _record("tictactoe", ("b2", "a1", "c3"))
    game = records.open_game(record)
    paths = replay_pictures.write_svgs(game, record, tmp_path / "plies")
    assert [p.name for p in paths] == ["000.svg", "001.svg", "002.svg", "003.svg"]
    first, last = paths[0].read_text(), paths[-1].read_text()
    assert first.startswith("<svg") and last.count("#f7e463") >= 1 > first.count("#f7e463")
    animation = replay_pictures.animated(game, record)
    assert animation.count("<animate ") == 4 and "3. X c3" in animation
    assert animation.count('repeatCount="indefinite"') == 4


def test_a_game_with_nothing_to_draw_is_refused(tmp_path, capsys):
    record = _record("nim", ())
    record.save(tmp_path / "nim.json")
    assert main(["replay", str(tmp_path / "nim.json"), "--svg", str(tmp_path / "out")]) == 1
    assert "nim has no picture to draw" in capsys.readouterr().err
