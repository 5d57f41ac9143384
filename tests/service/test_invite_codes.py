"""A table's invite code is what a host types after ``python -m app admin end-table``."""

from unittest import mock

from app.service.play import table_record


def test_an_invite_code_never_begins_with_a_dash():
    # token_urlsafe's first character is "-" one time in 64: the first two draws here are.
    draws = iter(["-abcdefghijklmno", "-bcdefghijklmnop", "Qbcdefghijklmnop"])
    with mock.patch.object(table_record.secrets, "token_urlsafe", lambda n: next(draws)):
        assert table_record.invite_code() == "Qbcdefghijklmnop"
    codes = {table_record.invite_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(code) == 16 and not code.startswith("-") for code in codes)
