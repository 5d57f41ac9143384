"""A small arena run: strength is measured by long arena runs, this only guards against a
player that has lost its way."""

from __future__ import annotations

import pytest

from app.arena import parse_rules, run, summarise


@pytest.mark.slow
def test_expert_scores_lower_than_random_over_thirty_short_matches():
    rules = parse_rules('{"holes": 1}', 2)
    summary = summarise(["expert", "random"], rules, run(["expert", "random"], rules, 30, seed=1), 1)
    expert, randomly = summary["entrants"]
    assert expert["mean_hole_score"] < randomly["mean_hole_score"] - 10
    assert expert["results"]["win"]["rate"] > 0.8
