"""Ratings on the web: the leaderboard and players' profiles, as pages and as JSON."""
