"""The site's host's hand (``python -m app admin``, app/admin.py): the accounts listed,
renamed, suspended or taken off the boards, and a table that cannot finish ended.

moderation.py  the commands, each one transaction that changes nothing when it refuses
guard.py       the one check that keeps a suspended account from being seated
"""
