"""The GGP player's answers to each message, read from text (no HTTP here).

Games: tests/data/ggp/race.kif (race to ten: turns, the first player wins by keeping the
count at 1, 4, 7, 10) and duel.kif (three rounds of rock, paper, scissors at once).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from gdl.bridges.ggp.messages import Abort, Info, Play, Start, Stop, parse_message
from gdl.bridges.ggp.player import GgpPlayer
from gdl.grammar.sexpr import MessageError, canonical_move

DATA = Path(__file__).resolve().parent.parent / "data" / "ggp"
RACE = (DATA / "race.kif").read_text()
DUEL = (DATA / "duel.kif").read_text()


def start(match: str, role: str, rules: str = RACE, clocks: str = "5 1") -> str:
    return f"(start {match} {role} ({rules}) {clocks})"


def test_each_message_is_read_into_its_value():
    assert parse_message("(info)") == Info() == parse_message(" INFO ")
    s = parse_message("(START m1 Red ((role red)) 30 5.5)")
    assert isinstance(s, Start)
    assert (s.match, s.role, s.rules, s.start_clock, s.play_clock) == \
        ("m1", "red", "(role red)", 30.0, 5.5)
    assert parse_message("(play m1 nil)") == Play("m1", None)
    assert parse_message("(play m1 ((add  1) NOOP))") == Play("m1", ("(add 1)", "noop"))
    assert parse_message("(stop m1 (noop (add 2)))") == Stop("m1", ("noop", "(add 2)"))
    assert parse_message("(abort m1)") == Abort("m1")
    assert canonical_move("( Add\t1 )") == "(add 1)"


@pytest.mark.parametrize("text, where, what", [
    ("(play m1 nil", "1:1", "'(' never closed"),
    ("(play m1 nil))", "1:14", "')' without a matching '('"),
    ("(dance m1)", "1:2", "unknown message 'dance'"),
    ("(play m1)", "1:1", "(play ...) takes 2 arguments, got 1"),
    ("(start m1 red ((role red)) soon 5)", "1:28", "the start clock must be a number"),
    ("(start m1 red ((role red)) 30 -1)", "1:31", "the play clock must be between 0"),
    ("(start m1 (red) ((role red)) 30 5)", "1:11", "the role must be an atom"),
    ("(play m1 noop)", "1:10", "the moves must be nil or a list"),
    ("(info) (info)", "1:8", "one term expected"),
])
def test_malformed_messages_are_refused_with_where(text, where, what):
    with pytest.raises(MessageError) as caught:
        parse_message(text)
    assert str(caught.value).startswith(f"<message>:{where}: {what}")
    assert str(caught.value).splitlines()[1].strip() == text


def test_the_player_answers_a_whole_match_and_keeps_serving_after_bad_messages(caplog):
    player = GgpPlayer(seed=1)
    assert player.handle("(info)").body == "((name gdl) (status available))"
    bad = player.handle("(play m1 nil")
    assert bad.status == 400 and bad.body.startswith('(error "unreadable message: <message>:1:1')
    assert bad.body.endswith("'(' never closed\")")   # one line: the log has the excerpt
    assert player.handle("(play nosuch nil)").body == \
        '(error "no match \'nosuch\' was started here")'
    assert player.handle(start("m1", "red")).body == "ready"
    assert player.handle("(info)").body == "((name gdl) (status busy))"
    # red wins by playing to 1, 4, 7, 10: the AI finds it within the clock
    count, last = 0, "nil"
    while count < 10:
        reply = player.handle(f"(play m1 {last})")
        assert reply.status == 200
        add = int(reply.body.removeprefix("(add ").removesuffix(")"))
        count += add
        assert count % 3 == 1
        if count == 10:
            break
        assert player.handle(f"(play m1 ({reply.body} noop))").body == "noop"
        count += 1   # blue adds 1
        last = "(noop (add 1))"
    assert player.handle(f"(stop m1 ((add {add}) noop))").body == "done"
    assert player.matches == {}
    assert "refused an unreadable message" in caplog.text


def test_an_illegal_previous_move_is_refused_logged_and_never_played(caplog):
    player = GgpPlayer(policy="random", seed=0)
    assert player.handle(start("m2", "blue")).body == "ready"
    assert player.handle("(play m2 nil)").body == "noop"
    with caplog.at_level(logging.WARNING, logger="gdl.ggp"):
        refused = player.handle("(play m2 ((add 3) noop))")
    assert refused.status == 400
    assert "red's move (add 3) is not legal; legal moves: (add 1) (add 2)" in refused.body
    assert "red's move (add 3) is not legal" in caplog.text
    assert player.handle("(play m2 ((add 1) (add 1)))").status == 400   # blue waits: noop
    assert player.handle("(play m2 ((add 1) noop noop))").body == \
        '(error "3 moves for 2 roles")'
    assert player.matches["m2"].steps == 0   # nothing was played
    answer = player.handle("(play m2 ((add 2) noop))").body   # now blue's turn at 2
    assert answer in ("(add 1)", "(add 2)")
    assert player.matches["m2"].steps == 1
    assert player.handle("(abort m2)").body == "done" and player.matches == {}


def test_bad_rules_and_unknown_roles_get_an_error_answer():
    player = GgpPlayer()
    unsafe = player.handle(start("m3", "red", "(role red) (<= (legal red ?m) (true x))"))
    assert unsafe.status == 400 and "the rules cannot be read: <start message>:1:" in unsafe.body
    other = player.handle(start("m3", "green"))
    assert other.body == '(error "role \'green\' is not one of the game\'s: red blue")'
    assert player.matches == {}


def test_a_simultaneous_game_gets_a_legal_part_each_round():
    player = GgpPlayer(seed=3)
    assert player.handle(start("m4", "right", DUEL, "5 0.5")).body == "ready"
    last = "nil"
    for _ in range(3):
        part = player.handle(f"(play m4 {last})").body
        assert part in ("rock", "paper", "scissors")
        last = f"(rock {part})"
    assert player.handle(f"(stop m4 {last})").body == "done"


def test_ready_comes_within_the_start_clock_and_the_rules_are_read_once():
    from gdl.interpreter.kif import load_kif_text
    release = threading.Event()
    reads: list[str] = []

    def slow_load(text: str):   # a reading that ends only when the test lets it
        release.wait(30)
        reads.append(text)
        return load_kif_text(text)

    player = GgpPlayer(policy="random", seed=0, load=slow_load)
    assert player.handle(start("m5", "red", clocks="0.35 1")).body == "ready"
    assert not reads   # ready while the rules are still being read
    release.set()
    assert player.handle("(play m5 nil)").body in ("(add 1)", "(add 2)")   # waits for it
    assert player.handle(start("m6", "blue", clocks="0.35 1")).body == "ready"
    assert len(reads) == 1   # the same rules: read once
    assert player.handle("(play m6 nil)").body == "noop"
