"""How long a person's terminal sit-and-go lasts: hands until the tournament is over
for the person (out, or the winner), and minutes at a person's pace.

The tournaments are the ones ``pokerbonus play --tournament quick`` opens
(:class:`~pokerbonus.tui.tournament_session.TournamentSession`: five computer
opponents, ``holdem:tournament`` over the chosen level), with a bot deciding
for the person (the ``--person`` level: a stand-in for a person, who folds more).
Besides the hands, it counts the computer opponents' actions of each tournament
(each shown after a pause of ``BOT_PAUSE`` seconds at the terminal) and the
person's decisions, so a time can be put on both.

    python benchmarks/tournament_length.py                      # 200 of each stand-in
    python benchmarks/tournament_length.py --tournaments 50 --preset quick
"""

from __future__ import annotations

import argparse
import statistics
import time

from pokerbonus.bots import Budget, GameInfo
from pokerbonus.bots.game_bots import bot_for
from pokerbonus.cli.play import BOT_PAUSE
from pokerbonus.engine.tournament_config import preset
from pokerbonus.store import Store
from pokerbonus.tui.tournament_session import TournamentSession, TournamentSettings


def one(config_name: str, level: str, person: str, seed: int) -> tuple[int, int, int]:
    """Hands, the opponents' actions and the person's decisions of one tournament."""
    s = TournamentSession(
        TournamentSettings(preset(config_name), level=level), seed=seed, store=Store("sqlite://")
    )
    me = bot_for("holdem", person, seed)
    hands = bot_actions = decisions = 0
    while not s.over:
        if s.awaiting_rebuy:
            s.settle_bust(False)
            continue
        s.start_hand(run_bots=False)
        hands += 1
        hand = s.tournament.tables[s.table_id].hand
        if hand is None:  # every player all-in from the forced bets: over at the deal
            continue
        assert s.person_seat is not None
        info = GameInfo.from_game(hand.game, len(s.hand_players), hand.stakes)
        me.new_hand(s.person_seat, info)
        while s.in_hand and not s.awaiting_rebuy:
            if s.bot_step():
                bot_actions += 1
                continue
            view = s.view
            assert view is not None
            s.act(me.decide(view, info, Budget(200)), run_bots=False)
            decisions += 1
    return hands, bot_actions, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--preset", default="quick")
    parser.add_argument("--level", default="medium", help="the computer opponents' level")
    parser.add_argument("--person", default="medium,hard", help="the person's stand-ins")
    parser.add_argument("--think", type=float, default=4.0, help="seconds per decision")
    args = parser.parse_args()
    for person in args.person.split(","):
        start = time.perf_counter()
        runs = [one(args.preset, args.level, person, seed) for seed in range(args.tournaments)]
        hands = sorted(r[0] for r in runs)
        per_hand_bots = sum(r[1] for r in runs) / sum(hands)
        per_hand_me = sum(r[2] for r in runs) / sum(hands)
        q = statistics.quantiles(hands, n=20)
        print(
            f"{args.preset}, person {person}, opponents {args.level}: {len(runs)} tournaments "
            f"({time.perf_counter() - start:.0f} s): hands mean {statistics.mean(hands):.1f}, "
            f"median {statistics.median(hands):.0f}, 90% {q[17]:.0f}, 95% {q[18]:.0f}, "
            f"max {hands[-1]}"
        )
        model = BOT_PAUSE * per_hand_bots + args.think * per_hand_me + 1.0
        print(
            f"  per hand: {per_hand_bots:.1f} opponents' actions ({BOT_PAUSE} s each), "
            f"{per_hand_me:.1f} decisions of the person: {model:.1f} s a hand at "
            f"{args.think:.0f} s a decision and 1 s to deal"
        )
        for seconds in (10.0, 15.0, model):
            print(
                f"  at {seconds:.1f} s a hand: median {statistics.median(hands) * seconds / 60:.1f}"
                f" min, 95% {q[18] * seconds / 60:.1f} min, max {hands[-1] * seconds / 60:.1f} min"
            )


if __name__ == "__main__":
    main()
