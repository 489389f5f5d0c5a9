/* The match's clock (docs/web.md, Clock), as the server's frames say it: each seat's time
   left, the running one counting down between frames. The server is the clock: this only
   shows it (a frame puts it right again). */
"use strict";

(() => {
  const {t, sideLetter} = SK;
  const $ = (id) => document.getElementById(id);
  let clock = null;
  let receivedAt = 0;
  let over = false;
  let timer = null;

  const pad = (n) => String(n).padStart(2, "0");

  /** Seconds as m:ss (h:mm:ss from an hour). */
  function format(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
  }

  function left(seat) {
    const running = !over && clock.running === seat;
    return clock.left[seat] - (running ? (performance.now() - receivedAt) / 1000 : 0);
  }

  function render() {
    if (!clock) return;
    for (const seat of [0, 1]) {
      const node = $("clock-" + seat);
      const seconds = left(seat);
      node.textContent = t("clock.side", {side: sideLetter(seat), time: format(seconds)});
      node.classList.toggle("running", !over && clock.running === seat);
      node.classList.toggle("low", seconds < 30);
    }
    $("clock").title = clock.started ? "" : t("clock.waiting");
    $("clock").classList.toggle("waiting", !clock.started);
  }

  document.addEventListener("sk:state", (event) => {
    const frame = event.detail.frame;
    clearInterval(timer);
    clock = frame.clock || null;
    $("clock").hidden = !clock;
    if (!clock) return;
    receivedAt = performance.now();
    over = !!frame.over;
    render();
    if (!over && clock.running !== null && clock.running !== undefined) {
      timer = setInterval(render, 250);
    }
  });
})();
