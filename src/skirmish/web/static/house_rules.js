/* The house rules the match plays (issue 47; docs/web.md, House rules): one line under the
   board, the same for both seats and the spectators. The state frame names the options
   whose reading is not the default ({}: every default; absent: the game has none); the page
   words them in its language (SK.config.house_rules: each option's question and readings). */
"use strict";

(() => {
  const {t} = SK;
  const words = SK.config.house_rules || {};

  function render(chosen) {
    const node = document.getElementById("house-rules");
    if (!node) return;
    if (chosen === undefined || chosen === null) {
      node.hidden = true;
      return;
    }
    const names = Object.keys(chosen).sort();
    const parts = names.map((name) => {
      const rule = words[name];
      const reading = chosen[name];
      if (!rule) return `${name}=${reading}`;
      return t("table.house_rules.item", {question: rule.question,
                                          reading: rule.readings[reading] || reading});
    });
    node.textContent = t("table.house_rules",
                         {rules: parts.length ? parts.join(" · ") : t("table.house_rules.none")});
    node.dataset.rules = names.map((name) => `${name}=${chosen[name]}`).join(",");
    node.hidden = false;
  }

  document.addEventListener("sk:state", (event) => render(event.detail.frame.house_rules));
})();
