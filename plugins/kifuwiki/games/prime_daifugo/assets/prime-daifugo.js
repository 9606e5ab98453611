/* Prime Daifugo on the viewer: the board shows card glyphs. Per-step positions print
   cards as text (<span class="kw-cards" data-cards="QT3">) to keep pages small; when the
   viewer shows a position ("kifuwiki:show"), this turns its text into glyphs. Display
   only: the ranks come from the server. */
(function () {
  "use strict";
  function drawCards(root) {
    var runs = root.querySelectorAll(".kw-cards[data-cards]");
    for (var i = 0; i < runs.length; i++) {
      var run = runs[i], ranks = run.getAttribute("data-cards") || "";
      var extra = run.className.replace("kw-cards", "");
      var out = document.createDocumentFragment();
      for (var j = 0; j < ranks.length; j++) {
        var c = ranks.charAt(j), card = document.createElement("span");
        card.className = "kw-card" + (c === "X" ? " kw-joker" : c === "?" ? " kw-unknown" : "") + extra;
        card.setAttribute("data-rank", c);
        card.textContent = c;
        out.appendChild(card);
      }
      run.parentNode.replaceChild(out, run);
    }
  }
  var VIEWER = '.kw-viewer[data-kw-game="prime-daifugo"]';
  /* Boards the viewer showed before this script arrived (a theme that swaps pages in
     may run it after the viewer started). */
  var shown = document.querySelectorAll(VIEWER + " .kw-board > .kw-state");
  for (var i = 0; i < shown.length; i++) drawCards(shown[i]);
  if (window.__kifuwikiPrimeDaifugo) return;
  window.__kifuwikiPrimeDaifugo = true;
  document.addEventListener("kifuwiki:show", function (ev) {
    var target = ev.target;
    if (target && target.closest && target.closest(VIEWER)) drawCards(target);
  });
})();
