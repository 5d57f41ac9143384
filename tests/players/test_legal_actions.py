"""Every level only ever returns one of the legal actions, in every rule set."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.arena import play_match
from app.players import get_player
from tests.players.positions import RULE_SETS, decision_views

CHEAP_LEVELS = ["easy", "medium", "hard", "greedy", "random"]


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_name=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 160),
    level=st.sampled_from(CHEAP_LEVELS),
)
def test_levels_choose_a_legal_action_at_random_positions(rules_name, seed, steps, level):
    _, _, seen = decision_views(RULE_SETS[rules_name], seed, steps)
    assert get_player(level, seed=seed).choose(seen) in seen["legal"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_name=st.sampled_from(sorted(RULE_SETS)), seed=st.integers(0, 10**6), steps=st.integers(0, 160))
def test_expert_chooses_a_legal_action_at_random_positions(rules_name, seed, steps):
    _, _, seen = decision_views(RULE_SETS[rules_name], seed, steps)
    assert get_player("expert", seed=seed).choose(seen) in seen["legal"]


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_every_level_plays_a_whole_hole_at_one_table(rules_name):
    """The arena refuses any illegal action, so a finished hole means every choice was legal."""
    rules = RULE_SETS[rules_name].model_copy(update={"holes": 1})
    levels = ["expert", "hard", "medium", "easy", "greedy", "random"]
    names = [levels[i % len(levels)] for i in range(rules.players)]
    result = play_match(names, rules, seed=11, number=0)
    assert all(len(scores) == 1 for scores in result.hole_scores)
