/* Prime Daifugo on the viewer: the board shows card glyphs. Per-step positions print
   cards as text (<i>Q9♥X(=7)</i>: rank, suit symbol, a joker's
   value) to keep pages small; when the viewer shows a position ("kifuwiki:show"), this
   turns that text into glyphs. Display only: the faces come from the server. */
(function () {
  "use strict";
  var SUITS = { "\u2666": "d", "\u2663": "c", "\u2665": "h", "\u2660": "s" };
  var FACE = /([^()\u2666\u2663\u2665\u2660])([\u2666\u2663\u2665\u2660])?(?:\(=(\d+)\))?/g;
  function small(cls, text) {
    var el = document.createElement("small");
    el.className = cls;
    el.textContent = text;
    return el;
  }
  function drawCards(root) {
    var runs = root.querySelectorAll("i"); /* root: the board's .kw-state, a position */
    for (var i = 0; i < runs.length; i++) {
      var run = runs[i], text = run.textContent || "", m;
      var extra = run.className ? " " + run.className : "";
      var out = document.createDocumentFragment();
      FACE.lastIndex = 0;
      while ((m = FACE.exec(text))) {
        var c = m[1], suit = m[2] ? SUITS[m[2]] : "", card = document.createElement("span");
        card.className = "kw-card" + (c === "X" ? " kw-joker" : c === "?" ? " kw-unknown" : "") +
          (suit ? " kw-suit-" + suit : "") + extra;
        card.setAttribute("data-rank", c);
        card.textContent = c;
        if (suit) { card.setAttribute("data-suit", suit); card.appendChild(small("kw-suit", m[2])); }
        if (m[3]) {
          card.setAttribute("data-value", m[3]);
          card.title = "X=" + m[3];
          card.appendChild(small("kw-jv", "=" + m[3]));
        }
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
