/* Fair dice (docs/dice.md, web/fair.py): this seat's own nonce, drawn here with
   crypto.getRandomValues and kept in this browser (localStorage), of which only the
   commitment is sent until every seat has committed; then the nonce is revealed. When the
   match is over, its record is fetched and every commitment, the dice key and every die are
   checked here with Web Crypto (SHA-256, HMAC-SHA-256), against the server's commitment
   this browser noted when it first saw the table. */
"use strict";

const FairDice = (() => {
  const SCHEME = "skirmish-fair-dice/1";
  const enc = new TextEncoder();
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const unhex = (text) => {
    if (typeof text !== "string" || !/^[0-9a-f]{64}$/i.test(text)) throw new Error("not 32 bytes");
    return new Uint8Array(text.match(/../g).map((h) => parseInt(h, 16)));
  };
  const join = (...parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) { out.set(part, at); at += part.length; }
    return out;
  };
  const tag = (name) => enc.encode(`${SCHEME} ${name}\0`);
  const sha256 = async (bytes) => hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
  const hmacKey = (raw) => crypto.subtle.importKey("raw", raw, {name: "HMAC", hash: "SHA-256"},
                                                   false, ["sign"]);
  const hmac = async (key, bytes) => new Uint8Array(await crypto.subtle.sign("HMAC", key, bytes));
  const seatCommitment = (seat, nonce) => sha256(join(tag("seat"), Uint8Array.of(seat), nonce));
  const serverCommitment = (key) => sha256(join(tag("server"), key));

  /** Check a record's fair dice: the number of dice, or an Error saying why not. */
  async function check(text, noted) {
    const lines = text.split("\n").filter((line) => line.trim());
    const header = JSON.parse(lines[0]);
    const end = JSON.parse(lines[lines.length - 1]);
    const dice = header.dice || {};
    if (dice.kind !== "fair" || dice.scheme !== SCHEME) throw new Error("not fair dice");
    const seats = dice.commitments.seats;
    const reveal = end.reveal || {};
    if (!Array.isArray(reveal.seats) || reveal.seats.length !== seats.length) {
      throw new Error("the reveals do not match the seats");
    }
    const key = unhex(reveal.server);
    if (await serverCommitment(key) !== dice.commitments.server) {
      throw new Error("the server's key does not match its commitment");
    }
    if (noted && noted !== dice.commitments.server) {
      throw new Error("the server's commitment is not the one shown when the match began");
    }
    const parts = [];
    for (let seat = 0; seat < seats.length; seat++) {
      if (seats[seat] === null && reveal.seats[seat] === null) { parts.push(Uint8Array.of(0)); continue; }
      const nonce = unhex(reveal.seats[seat]);
      if (await seatCommitment(seat, nonce) !== seats[seat]) {
        throw new Error(`seat ${seat}'s nonce does not match its commitment`);
      }
      parts.push(join(Uint8Array.of(1), nonce));
    }
    const derived = await hmac(await hmacKey(key),
                               join(tag("derive"), Uint8Array.of(seats.length), ...parts));
    const diceKey = await hmacKey(derived);
    let counter = 0;
    const word = async () => {
      counter += 1;
      const block = new Uint8Array(8);
      new DataView(block.buffer).setBigUint64(0, BigInt(counter));
      const digest = await hmac(diceKey, block);
      return new DataView(digest.buffer).getBigUint64(0);
    };
    const below = async (n) => {
      const big = BigInt(n);
      const limit = (1n << 64n) - ((1n << 64n) % big);
      for (;;) { const w = await word(); if (w < limit) return Number(w % big); }
    };
    const rolled = (end.dice || {}).rolled || [];
    for (let i = 0; i < rolled.length; i++) {
      const die = rolled[i];
      const [n, want] = Array.isArray(die) ? die : [6, die - 1];
      if (await below(n) !== want) throw new Error(`die ${i + 1} is not the one the key draws`);
    }
    if (counter !== (end.dice || {}).draws) throw new Error("the number of draws differs");
    return rolled.length;
  }

  if (typeof SK === "undefined" || !SK.config || !SK.config.match) return {check};

  // -- at the table ----------------------------------------------------------------------
  const matchId = SK.config.match;
  const store = (name) => `skirmish-dice-${matchId}-${name}`;
  // when each of this page's seats last sent its commitment and its nonce: a message that
  // no frame has confirmed after AGAIN_MS is sent again (a socket lost on the way; the
  // server answers a repeat with the table as it stands, web/fair.py)
  const AGAIN_MS = 3000;
  const sent = {commit: new Map(), reveal: new Map()};
  let again = null;
  let checked = false;

  function remember(name, value) {
    try { localStorage.setItem(store(name), value); } catch (e) { /* private mode */ }
  }
  function recall(name) {
    try { return localStorage.getItem(store(name)); } catch (e) { return null; }
  }

  async function commit(seat, hotseat) {
    let nonce = recall(`nonce-${seat}`);
    if (!nonce) {
      nonce = hex(crypto.getRandomValues(new Uint8Array(32)));
      remember(`nonce-${seat}`, nonce);
    }
    sendFor("commit", seat, hotseat, {commitment: await seatCommitment(seat, unhex(nonce))});
  }

  /** Send this seat's commitment or nonce (a hot-seat device names the seat); with no socket
      open, it is not counted as sent: the next frame (or the timer) sends it. */
  function sendFor(kind, seat, hotseat, fields) {
    const message = Object.assign({type: kind}, fields, hotseat ? {seat: String(seat)} : {});
    if (!SK.send(message)) sent[kind].delete(seat);
  }

  /** Whether this seat's message of this kind is to be sent now: never sent, or sent
      AGAIN_MS ago and still not in the frame. */
  function due(kind, seat) {
    const at = sent[kind].get(seat);
    return at === undefined || Date.now() - at >= AGAIN_MS;
  }

  function onState(frame) {
    const dice = (frame.view || {}).dice || {};
    if (dice.kind !== "fair") return;
    if (!recall("server")) remember("server", dice.commitments.server);
    const hotseat = frame.mode === "hotseat";
    const mine = hotseat ? [0, 1] : (typeof frame.seat === "number" ? [frame.seat] : []);
    document.body.dataset.dice = dice.pending ? (dice.revealing ? "revealing" : "committing")
                                              : "drawn";
    clearTimeout(again);
    if (dice.pending) {
      let waiting = false;
      for (const seat of mine) {
        const made = dice.commitments.seats[seat];
        if (made === null && !dice.closed) {
          waiting = true;
          if (due("commit", seat)) {
            sent.commit.set(seat, Date.now());
            commit(seat, hotseat);
          }
        } else if (made !== null && dice.revealing && !dice.revealed[seat]) {
          const nonce = recall(`nonce-${seat}`);
          if (nonce) {
            waiting = true;
            if (due("reveal", seat)) {
              sent.reveal.set(seat, Date.now());
              sendFor("reveal", seat, hotseat, {nonce});
            }
          }
        }
      }
      // no frame may come to confirm it (the socket lost it): look again in a while
      if (waiting) again = setTimeout(() => onState(frame), AGAIN_MS + 100);
    }
    if (frame.over && !checked) { checked = true; verify(); }
  }

  async function verify() {
    const node = document.getElementById("end-dice");
    if (!node) return;
    node.textContent = SK.t("dice.checking");
    node.dataset.verified = "checking";
    try {
      const response = await fetch(`/api/matches/${matchId}/record`);
      if (!response.ok) throw new Error(`the record: ${response.status}`);
      const text = await response.text();
      const noted = recall("server");
      const count = await check(text, noted);
      const server = JSON.parse(text.split("\n")[0]).dice.commitments.server;
      node.textContent = SK.t("dice.verified", {count, server: server.slice(0, 16)});
      node.dataset.verified = "yes";
    } catch (error) {
      const unchecked = !(window.crypto && crypto.subtle);
      node.textContent = SK.t(unchecked ? "dice.unchecked" : "dice.failed",
                              {reason: error.message});
      node.dataset.verified = "no";
    }
  }

  document.addEventListener("sk:state", (event) => onState(event.detail.frame));
  return {check};
})();
