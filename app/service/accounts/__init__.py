"""Accounts with passkeys: a person saves what their browser has (matches, statistics,
daily results, score sheets, preferences) to an account, and signs in to it on other
devices. The account's rows are stored under its principal browser, so every other
service reads them unchanged: the session middleware reads a signed-in session as that
browser (app/web/http/session.py).

passkeys.py   registering a passkey and signing in with one (WebAuthn)
devices.py    the account's devices and passkeys, device codes, signing out, deleting
sessions.py   which account a session is signed in to, and a session joining one
moving.py     a guest's rows given to the account it signs in to
forgetting.py what a deleted account leaves behind: only its own seats and names change
"""
