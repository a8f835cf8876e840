"""What the web tests share: server limits for tests that make many games
from one client (the limits themselves are tested in test_web_limits.py)."""
from yinsh.web.limits import Limits

#: Many games, engines and waiting games from one test client; clocks of under a second.
RELAXED = Limits(create_per_minute=6000, create_burst=1000, engine_games_per_client=100,
                 waiting_per_client=1000, min_clock_seconds=0.1)
