/* Mass Effect: Annihilation's part of the lobby (its web part's lobby script): the bands
   (a sample band or pasted YAML) and the scenario, added to the match's request
   (SK.lobbyPart, common.js). */
"use strict";

(() => {
  const {t, sideName} = SK;
  const $ = (id) => document.getElementById(id);

  // A band from pasted YAML: show the text box when "Paste a band (YAML)…" is chosen.
  for (const seat of [0, 1]) {
    const select = $("band-" + seat);
    const box = $("seat-" + seat).querySelector(".band-yaml");
    const sync = () => { box.hidden = select.value !== "__yaml__"; };
    select.addEventListener("change", sync);
    sync();
  }

  function bandOf(seat) {
    const value = $("band-" + seat).value;
    if (value !== "__yaml__") return value;
    const text = $("band-yaml-" + seat).value;
    if (!text.trim()) throw new Error(t("lobby.band.text") + " (" + sideName(seat) + ") ?");
    return {yaml: text, name: "band-" + "AB"[seat] + ".yaml"};
  }

  SK.lobbyPart("masseffect", {
    body: async () => ({bands: [bandOf(0), bandOf(1)], scenario: $("scenario").value}),
  });
})();
