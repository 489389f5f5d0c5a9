"""Seat links and the cookies they leave (docs/web.md, Seats, tokens, links): a seat's join
link (``/join/{id}/{token}``, expiring after ``join_link_days``), a private match's spectator
link (``/watch/{id}/{token}``), the matches a browser holds a seat or the ownership of, and a
seat's new link, issued by the match's owner (the old one stops working at once).

Tokens are 256-bit random texts; only their SHA-256 is stored. A link's token becomes an
HTTP-only, same-site cookie scoped to the match (``seat_{id}``, ``watch_{id}``; the owner's:
``owner_{id}``, set when the match is created)."""

from __future__ import annotations

import asyncio
import hmac
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from skirmish.web.hub import ID, ApiError, Hub
from skirmish.web.storage import MatchInfo, new_token, token_hash

#: How long the owner's cookie lasts (days): the owner may re-issue links as long.
OWNER_DAYS = 365


def set_token_cookie(response: Response, request: Request, name: str, token: str,
                     days: float) -> None:
    """An HTTP-only, same-site cookie holding ``token`` for ``days``."""
    response.set_cookie(name, token, max_age=max(1, int(days * 86400)), path="/",
                        httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")


def link_expiry(hub: Hub) -> float:
    """When a link issued now expires (seconds since the epoch)."""
    return hub.clock() + hub.settings.join_link_days * 86400


def _owns(info: MatchInfo, token: str | None) -> bool:
    return bool(token) and info.owner_hash is not None and hmac.compare_digest(
        info.owner_hash, token_hash(token or ""))


def links_router(hub: Hub) -> APIRouter:
    """The routes of seat and spectator links."""
    router = APIRouter()

    @router.get("/join/{match_id}/{token}")
    async def join(request: Request, match_id: str, token: str) -> Response:
        info = await asyncio.to_thread(hub.store.match, match_id) if ID.match(match_id) \
            else None
        now, digest = hub.clock(), token_hash(token)
        seats = [s for s in info.seats if s.held_by(digest)] if info is not None else []
        if not seats:
            raise ApiError(404, "this join link is not valid")
        if all(s.expired(now) for s in seats):
            raise ApiError(410, "this join link has expired: ask the match's owner for a new "
                                "one")
        left = min((s.token_expires_at - now for s in seats if s.token_expires_at),
                   default=hub.settings.join_link_days * 86400)
        response = RedirectResponse(f"/match/{match_id}", status_code=303)
        set_token_cookie(response, request, f"seat_{match_id}", token, left / 86400)
        return response

    @router.get("/watch/{match_id}/{token}")
    async def watch(request: Request, match_id: str, token: str) -> Response:
        info = await asyncio.to_thread(hub.store.match, match_id) if ID.match(match_id) \
            else None
        if info is None or info.spectator_hash is None or not hmac.compare_digest(
                info.spectator_hash, token_hash(token)):
            raise ApiError(404, "this spectator link is not valid")
        response = RedirectResponse(f"/match/{match_id}", status_code=303)
        set_token_cookie(response, request, f"watch_{match_id}", token, OWNER_DAYS)
        return response

    @router.get("/api/matches")
    async def my_matches(request: Request) -> dict[str, Any]:
        """The matches this browser holds a seat of (``seat``) or owns (``owner``)."""
        cookies = request.cookies
        held = {name[5:]: token_hash(value) for name, value in cookies.items()
                if name.startswith("seat_") and ID.match(name[5:])}
        owned = {name[6:]: value for name, value in cookies.items()
                 if name.startswith("owner_") and ID.match(name[6:])}
        found = await asyncio.to_thread(hub.store.matches_of, dict(list(held.items())[:200]),
                                        hub.clock())
        out = {info.id: {**info.summary(), "seat": seat, "owner": _owns(info, owned.get(
            info.id))} for info, seat in found}
        for match_id in list(owned)[:200]:
            if match_id in out:
                continue
            info = await asyncio.to_thread(hub.store.match, match_id)
            if info is not None and _owns(info, owned[match_id]):
                out[match_id] = {**info.summary(), "seat": None, "owner": True}
        matches = sorted(out.values(), key=lambda m: -float(m["created_at"]))
        return {"matches": matches}

    @router.post("/api/matches/{match_id}/seats/{seat}/link")
    async def new_link(request: Request, match_id: str, seat: int) -> dict[str, Any]:
        """A new join link for a human seat (both seats of a hot-seat match), by the match's
        owner: the old link stops working."""
        info = await asyncio.to_thread(hub.store.match, match_id) if ID.match(match_id) \
            else None
        if info is None:
            raise ApiError(404, f"no match {match_id[:40]!r}")
        token = request.headers.get("x-owner-token") or request.cookies.get(f"owner_{match_id}")
        if not _owns(info, token):
            hub.metrics.reject("token")
            raise ApiError(403, "only the match's owner (the browser that created it) may "
                                "issue new links")
        seats = [s.seat for s in info.seats if s.kind == "human"]
        if seat not in seats:
            raise ApiError(404, f"seat {seat}: not a human seat of this match")
        fresh, expires = new_token(), link_expiry(hub)
        for which in (seats if info.mode == "hotseat" else [seat]):
            await asyncio.to_thread(hub.store.reissue_seat, match_id, which,
                                    token_hash(fresh), expires)
        room = hub.rooms.get(match_id)
        if room is not None:  # the live room reads seats from its info; the old link's
            stored = await asyncio.to_thread(hub.store.match, match_id)
            room.info = stored if stored is not None else room.info
            for conn in list(room.connections):  # sockets stop acting at once
                if conn.hotseat or conn.seat == seat:
                    conn.error("this seat's link was replaced by its owner: open the new one")
                    conn.close(1008, "link replaced")
        return {"id": match_id, "seat": seat, "join": f"/join/{match_id}/{fresh}",
                "expires_at": expires}

    return router
