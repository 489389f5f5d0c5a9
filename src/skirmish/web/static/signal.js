/* "Your turn" (docs/web.md, Your turn): when this seat's decision arrives, the page's title
   says so ("● Your turn — …"), a short sound plays (WebAudio, no file; muted with the
   header's button, remembered in localStorage) and, when the user allowed notifications and
   the tab is hidden, a browser notification. Not in hot-seat (the handover screen says it). */
"use strict";

(() => {
  const {t} = SK;
  const $ = (id) => document.getElementById(id);
  const SOUND_KEY = "skirmish.sound";
  const MARK = "● ";
  let mine = false;
  let seen = false;     // a first state frame came (no signal for the turn found on arrival)
  let base = document.title;
  let audio = null;
  let sound = localStorage.getItem(SOUND_KEY) !== "off";

  /** The page's title without the mark (table.js may set it meanwhile: kept as the base). */
  function syncTitle() {
    if (!document.title.startsWith(MARK)) base = document.title;
    const wanted = mine ? t("signal.title", {title: base}) : base;
    if (document.title !== wanted) document.title = wanted;
  }
  const titleNode = document.querySelector("title");
  if (titleNode) new MutationObserver(syncTitle).observe(titleNode, {childList: true});

  function showSound() {
    const button = $("sound-toggle");
    button.textContent = t(sound ? "signal.sound.on" : "signal.sound.off");
    button.setAttribute("aria-pressed", String(sound));
  }

  /** A short two-note chime. */
  function chime() {
    if (!sound) return;
    try {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      audio = audio || new Context();
      if (audio.state === "suspended" && audio.resume) audio.resume();
      const start = audio.currentTime;
      [[660, 0], [880, 0.12]].forEach(([frequency, at]) => {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start + at);
        gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.2);
        tone.connect(gain);
        gain.connect(audio.destination);
        tone.start(start + at);
        tone.stop(start + at + 0.22);
      });
    } catch (e) { /* no sound: the title still says it */ }
  }

  function notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    if (!document.hidden) return;
    try {
      const note = new Notification(t("signal.title", {title: base}),
                                    {body: t("signal.notify.body", {title: base}),
                                     tag: "skirmish-turn-" + SK.config.match});
      note.onclick = () => { window.focus(); note.close(); };
    } catch (e) { /* some browsers only notify from a service worker */ }
  }

  function showNotify() {
    const button = $("notify-toggle");
    button.hidden = !("Notification" in window) || Notification.permission !== "default";
  }

  document.addEventListener("sk:state", (event) => {
    const {frame, mine: now} = event.detail;
    // hot-seat: the players share the device, the handover screen says whose turn it is
    const turn = !!now && !frame.over && frame.mode !== "hotseat";
    if (turn && !mine && seen) { chime(); notify(); }
    mine = turn;
    seen = true;
    syncTitle();
  });

  $("sound-toggle").addEventListener("click", () => {
    sound = !sound;
    localStorage.setItem(SOUND_KEY, sound ? "on" : "off");
    showSound();
    if (sound) chime();  // what it sounds like (and the page may play sounds from now on)
  });
  $("notify-toggle").addEventListener("click", async () => {
    try { await Notification.requestPermission(); } catch (e) { /* refused */ }
    showNotify();
  });
  showSound();
  showNotify();
})();
