"""The page's validation layer (web/app/inputs.py): the address, the stored
settings and the embed's messages. Each reader gives a valid result or its
one documented error, whatever it is given (property tests with hypothesis)."""
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from app import inputs  # noqa: E402
from app.i18n import LANGS  # noqa: E402
from gostop.core import safejson  # noqa: E402
from gostop.scenarios import scenario_ids  # noqa: E402

# Unicode digits that str.isdigit() accepts and int() or the engine refuse.
NOT_ASCII_DIGITS = ["²", "³", "¹", "٣", "５", "①", "𝟕"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20)
SOME = settings(max_examples=300, deadline=None)


# ---- the address ------------------------------------------------------------------
@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_only_ascii_digits_are_numbers(digit):
    good, bad = inputs.check_params({"game": "gostop", "players": digit, "seed": "1" + digit})
    assert good == {"game": "gostop"}
    assert len(bad) == 2 and bad[0].startswith("players=") and bad[1].startswith("seed=")
    assert inputs.parse_seed(digit) == (None, "The seed must be a whole number of up to 15 digits.")


def test_good_parameters_pass_through():
    raw = {"game": "matgo", "players": "2", "level": "hard", "seed": "123456789012345",
           "speed": "fast", "lang": "ko", "snapshot": "off", "sound": "1"}
    assert inputs.check_params(raw) == (raw, [])
    assert inputs.parse_seed(" 42 ") == (42, None)
    assert inputs.parse_seed("") == (None, None)


@pytest.mark.parametrize("raw, complaint", [
    ({"seed": "1234567890123456"}, "seed="),              # 16 digits
    ({"players": "7"}, "players="),
    ({"players": "02"}, "players="),
    ({"level": "Hard"}, "level="),
    ({"game": "poker"}, "game="),
    ({"lang": "fr"}, "lang="),
    ({"nonsense": "1"}, "'nonsense': not a parameter"),
    ({"scenario": "../x"}, "scenario="),
    ({"sound": "on"}, "sound="),
])
def test_bad_parameters_are_named(raw, complaint):
    good, bad = inputs.check_params(raw)
    assert good == {} and len(bad) == 1 and complaint in bad[0]


def test_a_scenario_must_belong_to_its_game():
    real = scenario_ids("matgo")[0]
    assert inputs.check_params({"game": "matgo", "scenario": real}) == ({"game": "matgo", "scenario": real}, [])
    good, bad = inputs.check_params({"game": "matgo", "scenario": "no-such-example"})
    assert good == {"game": "matgo"} and "There is no example 'no-such-example' for matgo" in bad[0]


def test_complaints_quote_a_bounded_part_of_the_value():
    good, bad = inputs.check_params({"x" * 5000: "y", "seed": "9" * 5000, **{f"k{i}": "" for i in range(50)}})
    assert good == {}
    assert len(bad) == inputs.MAX_PARAMS + 1 and bad[-1] == "too many parameters"
    assert all(len(line) < 200 for line in bad)


@SOME
@given(st.dictionaries(st.sampled_from([*inputs.PARAM_RULES, "x"]) | st.text(max_size=10), st.text(max_size=30),
                       max_size=10))
def test_check_params_gives_valid_params_or_complaints(raw):
    good, bad = inputs.check_params(raw)
    assert set(good) <= set(inputs.PARAM_RULES)
    assert len(good) + len(bad) >= len(raw)      # every parameter is taken or named
    assert all(isinstance(line, str) and "\n" not in line for line in bad)
    for key, value in good.items():
        assert raw[key] == value
        if key in ("seed", "players"):
            assert value.isascii() and int(value) >= 0
        if key == "players":
            assert 2 <= int(value) <= 6
        if key == "game":
            assert value in inputs.GAMES
        if key == "lang":
            assert value in LANGS


# ---- stored settings -----------------------------------------------------------------
@pytest.mark.parametrize("text", ['{"lang":[]}', '{"lang":{}}', '{"speed":[1]}', '{"pass_panel":"yes"}',
                                  '{"lang":"xx","speed":"fast"}', '{"sound":"off","speed":"fast"}',
                                  '{"sound":0}'])
def test_settings_with_wrong_types_keep_the_rest(text):
    got, complaint = inputs.parse_settings(text)
    assert complaint == "Some of your settings could not be read; the defaults are used for those."
    assert got["speed"] == ("fast" if "fast" in text else "normal") and "lang" not in got
    assert got["sound"] is True and got["pass_panel"] is False


@pytest.mark.parametrize("text", ["[]", "nonsense", "1e999", '"x"', "[" * 100000, '{"lang":"ko"' + " " * 5000 + "}"])
def test_unreadable_settings_give_the_defaults(text):
    assert inputs.parse_settings(text) == (inputs.DEFAULT_SETTINGS,
                                           "Your settings could not be read; the defaults are used.")


def test_good_settings_are_read():
    assert inputs.parse_settings(None) == (inputs.DEFAULT_SETTINGS, None)
    assert inputs.DEFAULT_SETTINGS["pass_panel"] is False      # gostop's "Pass turn" pause is opt-in
    text = json.dumps({"lang": "uk", "speed": "fast", "pass_panel": False})
    assert inputs.parse_settings(text) == ({"lang": "uk", "speed": "fast", "pass_panel": False, "sound": True}, None)


def test_sound_is_on_by_default_and_a_mute_is_remembered():
    assert inputs.parse_settings(None)[0]["sound"] is True
    assert inputs.parse_settings('{"sound": false}') == ({**inputs.DEFAULT_SETTINGS, "sound": False}, None)
    assert inputs.parse_settings('{"sound": true}') == (inputs.DEFAULT_SETTINGS, None)


@SOME
@given(st.one_of(st.text(max_size=200), JSON_VALUES.map(json.dumps),
                 st.dictionaries(st.sampled_from(["lang", "speed", "pass_panel", "sound", "x"]), JSON_VALUES).map(json.dumps)))
def test_any_settings_text_gives_valid_settings(text):
    got, complaint = inputs.parse_settings(text)
    assert got["speed"] in inputs.SPEEDS and isinstance(got["pass_panel"], bool) and isinstance(got["sound"], bool)
    assert got.get("lang", "en") in LANGS
    assert complaint is None or isinstance(complaint, str)


# ---- the embed's messages ------------------------------------------------------------
def message(**fields):
    return json.dumps({"target": "cardroom", **fields})


def test_a_start_message_is_read_with_its_token():
    kind, params, token = inputs.validate_message(message(type="start", game="matgo", seed=7, token="t-1"))
    assert (kind, params, token) == ("start", {"game": "matgo", "seed": "7"}, "t-1")
    assert inputs.validate_message(message(type="start"), "stop")[1] == {"game": "stop"}
    assert inputs.validate_message(message(type="reset", token=3)) == ("reset", {}, 3)


def test_a_sound_message_reads_as_the_sound_parameter():
    assert inputs.validate_message(message(type="sound", on=True)) == ("sound", {"sound": "1"}, None)
    assert inputs.validate_message(message(type="sound", on=False, token="t")) == ("sound", {"sound": "0"}, "t")


@pytest.mark.parametrize("fields, reason", [
    ({"type": "start", "game": "matgo", "seed": "²"}, "seed="),
    ({"type": "start", "game": "gostop", "players": "³"}, "players="),
    ({"type": "start", "game": "matgo", "scenario": "nope"}, "There is no example 'nope' for matgo"),
    ({"type": "start", "seed": 1.5}, "seed must be a string or a whole number"),
    ({"type": "start", "seed": True}, "seed must be a string or a whole number"),
    ({"type": "start", "token": [1]}, "token must be"),
    ({"type": "start", "token": "x" * 65}, "token must be"),
    ({"type": "reset", "game": "matgo"}, "unexpected fields"),
    ({"type": "launch"}, "unknown type"),
    ({"type": "sound"}, "on must be true or false"),
    ({"type": "sound", "on": 1}, "on must be true or false"),
    ({"type": "sound", "on": "true"}, "on must be true or false"),
    ({"type": "sound", "on": True, "game": "matgo"}, "unexpected fields"),
    ({"type": "start", "on": True}, "unexpected fields"),
])
def test_bad_messages_are_refused_with_a_reason(fields, reason):
    with pytest.raises(ValueError, match=None) as e:
        inputs.validate_message(message(**fields))
    assert not isinstance(e.value, inputs.NotForUs) and reason in str(e.value)


@pytest.mark.parametrize("text", [None, "null", "[]", '"cardroom"', json.dumps({"source": "cardroom"}),
                                  json.dumps({"target": "other", "type": "start"})])
def test_messages_for_others_are_not_ours(text):
    with pytest.raises(inputs.NotForUs):
        inputs.validate_message(text)


def test_deep_or_huge_messages_are_refused_before_parsing():
    deep = '{"target":"cardroom","type":"start","game":' + "[" * 100000 + "]" * 100000 + "}"
    with pytest.raises(ValueError, match="too long"):
        inputs.validate_message(deep)
    nested = '{"target":"cardroom","type":"start","game":' + "[" * 10 + "]" * 10 + "}"
    with pytest.raises(ValueError, match="nested too deeply"):
        inputs.validate_message(nested)


@SOME
@given(st.one_of(
    st.text(max_size=300),
    JSON_VALUES.map(json.dumps),
    st.dictionaries(st.sampled_from(["target", "type", "token", "on", *inputs.START_KEYS, "x"]),
                    st.one_of(JSON_VALUES, st.sampled_from(["cardroom", "start", "reset", "sound", "matgo", "7", 7])),
                    max_size=7).map(json.dumps)))
def test_any_message_gives_a_command_or_a_value_error(text):
    try:
        kind, params, token = inputs.validate_message(text)
    except ValueError:
        return
    assert kind in inputs.COMMANDS
    assert inputs.check_params(params) == (params, [])
    assert token is None or isinstance(token, (str, int))


# ---- bounded JSON ------------------------------------------------------------------------
@SOME
@given(JSON_VALUES)
def test_safejson_reads_what_json_reads_within_bounds(value):
    text = json.dumps(value)
    assert safejson.loads(text, max_chars=10 ** 6) == json.loads(text)


@SOME
@given(st.text(alphabet='[]{}"\\:,1 ae', max_size=400))
def test_safejson_raises_only_value_error(text):
    try:
        safejson.loads(text, max_chars=300, max_depth=5)
    except ValueError:
        pass


def test_safejson_refuses_what_would_break_the_parser():
    for text, reason in (("[" * 100000 + "]" * 100000, "nested too deeply"), ("1e999", "not valid JSON"),
                         ("NaN", "not valid JSON"), ("[-Infinity]", "not valid JSON"), ("x" * 11, "too long")):
        with pytest.raises(ValueError, match=reason):
            safejson.loads(text, max_chars=10 ** 6 if reason != "too long" else 10)
    assert safejson.nesting_depth('["[[[", {"a": "]"}]') == 2
