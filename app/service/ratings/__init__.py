"""Ratings of quick-play matches: OpenSkill over each match's final totals (skill.py),
kept and read by :class:`~app.service.ratings.service.RatingService`."""
