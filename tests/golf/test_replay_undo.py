"""A match is (seed, rules, actions): replay, Restart and Undo all rest on that."""

import pytest

from app.golf.actions import MalformedAction, action_from_json, parse_log_entry
from app.golf.engine import GolfState, IllegalAction, replay
from app.golf.phases import Phase
from app.golf.rules import PRESETS, RuleSet
from app.golf.snapshots import restore, snapshot_of
from app.golf.undo import undo_log, undo_refusal
from app.golf.view import view
from app.players.greedy import GreedyPlayer

from .golfkit import open_hole, play, play_out_hole


def greedy_match(seed: int, rules: RuleSet = RuleSet(), states: list | None = None) -> GolfState:
    """A whole match of two greedy players; ``states`` collects a copy before every action."""
    state = GolfState.new(seed, rules)
    player = GreedyPlayer()
    while not state.is_over:
        seat = (state.to_act() or (0,))[0]
        if states is not None:
            states.append(state.clone())
        state.apply(seat, action_from_json(player.choose(view(state, seat))))
    return state


def hole_start_deals(state: GolfState) -> list:
    """The cards of every hole as dealt, read back by replaying the log up to each deal."""
    deals = []
    for index in [0] + [i + 1 for i, entry in enumerate(state.log) if entry.endswith("n")]:
        dealt = replay(state.seed, state.rules, state.log[:index])
        deals.append((dealt.grids, dealt.discard, dealt.stock))
    return deals


@pytest.mark.parametrize("name", ["standard", "four-card", "nine-card", "knocking", "jokers"])
def test_replaying_the_log_gives_the_identical_state(name):
    state = greedy_match(seed=21, rules=PRESETS[name])
    assert replay(state.seed, state.rules, state.log) == state


def test_the_log_records_every_action_of_every_seat_in_order():
    state = GolfState.new(seed=2)
    play(state, "1r0", "0r4", "1r1", "0r5", "0ds", "0x", "0r2", "1dd", "1s3")
    assert state.log == ["1r0", "0r4", "1r1", "0r5", "0ds", "0x", "0r2", "1dd", "1s3"]


def test_the_same_seed_deals_the_same_holes_however_the_match_is_played():
    played_greedily = greedy_match(seed=8)
    played_otherwise = GolfState.new(seed=8)
    for _ in range(9):
        play_out_hole(played_otherwise)
        if not played_otherwise.is_over:
            play(played_otherwise, "1n")
    assert hole_start_deals(played_greedily) == hole_start_deals(played_otherwise)


def test_restart_is_a_new_match_from_the_same_seed():
    assert GolfState.new(seed=8) == GolfState.new(seed=8)
    assert GolfState.new(seed=8, rules=PRESETS["nine-card"]) == GolfState.new(seed=8, rules=PRESETS["nine-card"])


def test_a_new_seed_deals_different_holes():
    assert GolfState.new(seed=8).grids != GolfState.new(seed=9).grids


def test_the_holes_of_one_match_are_dealt_differently():
    deals = hole_start_deals(greedy_match(seed=8))
    assert len({str(d) for d in deals}) == 9


def test_undo_drops_your_last_action_and_every_reply_to_it():
    state = GolfState.new(seed=2)
    open_hole(state)
    play(state, "0ds", "0x", "0r2", "1ds", "1s0")
    assert undo_log(state.log, 0) == ["0r0", "0r1", "1r0", "1r1", "0ds", "0x"]
    assert undo_log(state.log, 1) == ["0r0", "0r1", "1r0", "1r1", "0ds", "0x", "0r2", "1ds"]


def test_undo_with_nothing_of_yours_to_undo_is_none():
    assert undo_log([], 0) is None
    assert undo_log(["1r0", "1r1"], 0) is None


def test_undo_is_a_replay_of_the_shorter_log_and_redo_gives_the_same_state():
    states: list[GolfState] = []
    state = greedy_match(seed=13, states=states)
    for cut in (len(state.log) // 3, len(state.log) // 2, len(state.log) - 1):
        log = state.log[: cut + 1]
        seat = int(log[-1][0])
        shorter = undo_log(log, seat)
        assert shorter == log[:cut]
        undone = replay(state.seed, state.rules, shorter)
        assert undone == states[cut]
        for entry in log[cut:]:
            undone.apply(*parse_log_entry(entry))
        assert undone == replay(state.seed, state.rules, log)


def test_undo_can_go_back_across_a_hole_boundary():
    state = GolfState.new(seed=5)
    play_out_hole(state)
    finished = state.clone()
    play(state, "0n", "1r3", "1r4")
    assert state.hole == 2
    undone = replay(state.seed, state.rules, undo_log(state.log, 0))
    assert undone == finished and undone.phase is Phase.HOLE_OVER and undone.hole == 1


def test_replay_refuses_an_illegal_log():
    with pytest.raises(IllegalAction, match="It is not your turn"):
        replay(1, RuleSet(), ["0r0", "0r1", "1r0", "1r1", "1ds"])


def test_replay_refuses_a_malformed_log():
    with pytest.raises(MalformedAction):
        replay(1, RuleSet(), ["0r0", "0q"])


def test_a_log_is_read_under_its_own_rules():
    log = ["0k"]
    assert replay(1, PRESETS["four-card"], log).closed_by == 0
    with pytest.raises(IllegalAction):
        replay(1, RuleSet(), log)


def test_a_clone_is_equal_and_independent():
    state = GolfState.new(seed=3)
    copy = state.clone()
    assert copy == state
    play(copy, "0r0")
    assert copy != state and state.face_up[0][0] is False and state.log == []


@pytest.mark.parametrize("name", ["standard", "four-card", "nine-card", "knocking", "jokers", "eighteen-holes"])
def test_a_snapshot_taken_anywhere_goes_on_exactly_as_the_match_did(name):
    """A stored snapshot stands for the replay of the log up to it: restored at any point
    of a match, through the JSON it is kept as, the rest of the log gives the same state."""
    import json

    states: list[GolfState] = []
    final = greedy_match(seed=33, rules=PRESETS[name], states=states)
    for before in states[:: max(len(states) // 40, 1)]:
        kept = json.loads(json.dumps(snapshot_of(before)))
        restored = restore(before.rules, kept, before.log)
        assert restored == before
        for entry in final.log[len(before.log) :]:
            restored.apply(*parse_log_entry(entry))
        assert restored == final


def test_a_restored_state_shares_nothing_with_its_snapshot():
    state = GolfState.new(seed=4)
    snapshot = snapshot_of(state)
    restored = restore(state.rules, snapshot, [])
    play(restored, "0r0")
    assert snapshot["face_up"][0][0] is False and restore(state.rules, snapshot, []) == GolfState.new(seed=4)


def test_a_snapshot_does_not_change_with_the_state_it_was_taken_of():
    state = GolfState.new(seed=4)
    snapshot = snapshot_of(state)
    play(state, "0r0", "1r0")
    assert restore(state.rules, snapshot, []) == GolfState.new(seed=4)


@pytest.mark.parametrize("name", ["standard", "knocking", "nine-card"])
def test_the_turns_of_a_hole_are_those_its_log_shows(name):
    """The engine counts each seat's turns begun this hole (a draw or a knock): always the
    draws and knocks the log holds since the hole was dealt."""
    from app.golf.actions import Draw, Knock, NextHole
    from app.golf.view import hole_turns

    states: list[GolfState] = []
    greedy_match(seed=12, rules=PRESETS[name], states=states)
    for state in states:
        since_deal = []
        for entry in reversed(state.log):
            logged = parse_log_entry(entry)
            if isinstance(logged.action, NextHole):
                break
            since_deal.append(logged)
        for seat in range(state.rules.players):
            assert hole_turns(state, seat) == sum(isinstance(a, (Draw, Knock)) and s == seat for s, a in since_deal)
        assert hole_turns(state) == sum(isinstance(a, (Draw, Knock)) for _, a in since_deal)


@pytest.mark.parametrize("name", ["standard", "knocking", "nine-card"])
def test_each_seats_count_of_actions_is_its_entries_in_the_log_restored_or_not(name):
    """The engine counts each seat's actions this match (the page names how many it has
    seen by them): always the log's entries of that seat, after a restore from a snapshot
    too, and from a snapshot stored before the count was kept."""
    states: list[GolfState] = []
    greedy_match(seed=12, rules=PRESETS[name], states=states)
    for state in states[:: max(1, len(states) // 40)] + states[-1:]:
        counted = [
            sum(1 for entry in state.log if parse_log_entry(entry).seat == s) for s in range(state.rules.players)
        ]
        assert state.actions == counted
        assert restore(state.rules, snapshot_of(state), state.log).actions == counted
        older = {k: v for k, v in snapshot_of(state).items() if k != "actions"}
        assert restore(state.rules, older, state.log).actions == counted


def _refusal(state: GolfState, seat: int) -> str | None:
    before = replay(state.seed, state.rules, state.log[:-1])
    return undo_refusal(state, seat, lambda: before)


def test_at_a_table_of_people_only_what_showed_no_hidden_card_is_taken_back():
    state = GolfState.new(5, RuleSet())
    assert undo_refusal(state, 0, lambda: state) == "There is nothing to undo yet."
    open_hole(state)
    assert "turned face up" in _refusal(state, 1)  # the last opening reveal
    assert "Another seat" in _refusal(state, 0)
    play(state, "0dd")
    assert _refusal(state, 0) is None  # the discard's top was seen by everyone already
    up = next(p for p in range(6) if state.face_up[0][p])
    play(state, f"0s{up}")
    assert _refusal(state, 0) is None  # the card replaced was face up: nothing new was seen
    play(state, "1ds")
    assert "top of the stock" in _refusal(state, 1)
    down = next(p for p in range(6) if not state.face_up[1][p])
    play(state, f"1s{down}")
    assert "was face down" in _refusal(state, 1)
    play(state, "0ds", "0x")
    assert _refusal(state, 0) is None  # thrown away: the stock card is on the discard pile for all to see
