/* Eden's part of the lobby (its web part's lobby script): a troop from a file, the mission
   cards, the rounds, the table and the optional rules, added to the match's request
   (SK.lobbyPart, common.js). */
"use strict";

(() => {
  const {t, sideName} = SK;
  const $ = (id) => document.getElementById(id);

  // A troop from a file: show the file input when "Troop file (YAML)…" is chosen.
  for (const seat of [0, 1]) {
    const select = $("troop-" + seat);
    const fileLabel = $("seat-" + seat).querySelector(".troop-file");
    const sync = () => { fileLabel.hidden = select.value !== "__yaml__"; };
    select.addEventListener("change", sync);
    sync();
  }

  async function troopOf(seat) {
    const value = $("troop-" + seat).value;
    if (value !== "__yaml__") return value;
    const file = $("troop-file-" + seat).files[0];
    if (!file) throw new Error(t("lobby.troop.file") + " (" + sideName(seat) + ") ?");
    return {yaml: await file.text(), name: file.name.slice(0, 100)};
  }

  function missionsOf(seat) {
    const ticked = [...document.querySelectorAll(".mission-" + seat + ":checked")];
    return ticked.length ? ticked.map((box) => box.value) : null;
  }

  /** The optional rules as the command line writes them ("territory,infestation:3,
      climate:roll"), or "" for the basic rules only. */
  function rulesOf() {
    const parts = [];
    const territory = $("rule-territory");
    if (territory && territory.checked) parts.push("territory");
    const infestation = $("rule-infestation");
    if (infestation && infestation.value) parts.push("infestation:" + infestation.value);
    const climate = $("rule-climate");
    if (climate && climate.value) parts.push("climate:" + climate.value);
    return parts.join(",");
  }

  SK.lobbyPart("eden", {
    body: async () => ({
      troops: [await troopOf(0), await troopOf(1)],
      rounds: Number($("rounds").value),
      field: [Number($("field-w").value), Number($("field-h").value)],
      missions: [missionsOf(0), missionsOf(1)],
      rules: rulesOf(),
    }),
  });
})();
