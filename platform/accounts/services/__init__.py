"""Writes of the identity API, one module per seam (STYLE.md: a package once it outgrew one
module; issue 17, item 6): ``checks`` (field checks), ``registration``, ``sessions``,
``passwords``, ``profiles``, ``memberships`` and ``invitations`` (both the invitee's and the
organization admin's side)."""
