"""Dealer-mode settings (RULES.md section 9): every knob validated with a clear error,
read from plain data and TOML, stored with the rules version."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerbonus.dealer import DEFAULT_PAYTABLE, DealerSettings, Paytable, Qualifier
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import evaluate
from pokerbonus.rules.dealer import RULES_VERSION


def test_section_9_defaults() -> None:
    s = DealerSettings()
    assert (s.players, s.ante, s.bet, s.play_multiple, s.switch) == (3, 1, 5, 2, True)
    assert (s.play, s.switch_fee, s.fee, s.most) == (10, 5, 5, 21)
    assert s.qualifier == Qualifier("AK") and s.paytable == DEFAULT_PAYTABLE
    # the paytable of section 9 with straight, flush and full house one lower (docs/dealer.md)
    assert DEFAULT_PAYTABLE.as_tuple() == (1, 1, 2, 3, 3, 4, 6, 20, 50, 100)
    assert DealerSettings(bet=8).switch_fee == 8  # the fee follows the bet unless given


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"players": 6}, "players: must be an integer from 1 to 5, got 6"),
        ({"ante": 0}, "ante: must be an integer from 1 to 1000000, got 0"),
        ({"bet": "5"}, "bet: must be an integer from 1 to 1000000, got '5'"),
        ({"play_multiple": 11}, "play_multiple: must be an integer from 1 to 10, got 11"),
        ({"switch_fee": -1}, "switch_fee: must be an integer from 0 to 50, got -1"),
        ({"switch": "yes"}, "switch: must be true or false, got 'yes'"),
        ({"qualifier": "KA"}, "qualifier: write the higher rank first"),
        ({"qualifier": "XX"}, "qualifier: 'XX' is not a qualifier"),
        ({"qualifier": "5"}, "no high-card hand has 5 as its top card"),
        ({"paytable": "pair=-2"}, "paytable: pair: must be an integer from 0 to 10000, got -2"),
        ({"paytable": "bonus=2"}, "paytable: unknown hand 'bonus'"),
        ({"paytable": "flush"}, "paytable: 'flush' is not hand=pays"),
        ({"cave": 20}, r"cave: 20 chips do not cover one hand \(ante 1 \+ bet 5 \+ play 10 "),
        ({"wager": 5}, r"wager: not a dealer-mode setting \(now called bet\)"),
        ({"blinds": 5}, "blinds: not a dealer-mode setting"),
    ],
)
def test_every_knob_is_checked_with_a_clear_error(values: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        DealerSettings.build(values)


def test_qualifier_values_are_the_weakest_qualifying_hands() -> None:
    ak = Qualifier("ak")
    assert ak.code == "AK" and ak.value == evaluate("Ad Kc 4h 3s 2d").rank
    assert ak.qualifies(evaluate("Ad Kc 4h 3s 2d")) and not ak.qualifies(evaluate("Ad Qc Jh 9s 8d"))
    fours = Qualifier("44")
    assert fours.value == evaluate("4d 4c 5h 3s 2d").rank
    assert not fours.qualifies(evaluate("3d 3c Ah Ks Qd"))
    assert Qualifier("none").value == 1 and Qualifier("A").value == evaluate("Ad 6c 4h 3s 2d").rank
    assert Qualifier("44").text == "a pair of fours or better"


def test_paytable_pays_by_hand() -> None:
    pays = Paytable.parse("straight=4, flush=5, full_house=7")
    assert pays == Paytable(straight=4, flush=5, full_house=7)
    assert pays.pays(evaluate("9c Td Jh Qs Kc")) == 4
    assert pays.pays(evaluate("9s Ts Js Qs Ks")) == 50
    assert pays.pays(evaluate("As Ks Qs Js Ts")) == 100
    assert pays.pays(evaluate("Ac Kd 7h 5s 2c")) == 1
    assert Paytable.from_mapping({"royal_flush": 250}).royal_flush == 250


def test_round_trip_and_the_first_rules_refused() -> None:
    s = DealerSettings(players=4, ante=2, bet=10, play_multiple=3, switch_fee=4,
                       qualifier=Qualifier("44"), paytable=Paytable(flush=5))  # fmt: skip
    data = s.to_dict()
    assert data["rules"] == RULES_VERSION and data["qualifier"] == "44"
    assert DealerSettings.from_dict(data) == s
    old = {"game": "dealer", "players": 3, "ante": 1, "wager": 5, "cave": 100,
           "paytable": {"straight": 1, "flush": 2}}  # fmt: skip
    with pytest.raises(ConfigurationError, match=r"first dealer-mode rules .* cannot be resumed"):
        DealerSettings.from_dict(old)


def test_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "dealer.toml"
    path.write_text(
        '[dealer]\nbet = 10\nswitch_fee = 5\nqualifier = "44"\n[dealer.paytable]\nflush = 5\n',
        encoding="utf-8",
    )
    s = DealerSettings.from_toml(path)
    assert (s.bet, s.fee, s.qualifier.code, s.paytable.flush, s.paytable.quads) == (
        10, 5, "44", 5, 20,
    )  # fmt: skip
    path.write_text("bet = 0\n", encoding="utf-8")
    with pytest.raises(ConfigurationError, match="bet: must be an integer"):
        DealerSettings.from_toml(path)
    path.write_text("bet = \n", encoding="utf-8")
    with pytest.raises(ConfigurationError, match="config: invalid TOML"):
        DealerSettings.from_toml(path)
