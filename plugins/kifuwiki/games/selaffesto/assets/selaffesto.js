/* selaffesto: scroll the board to the placement (see templates/state.html). */
(function () {
  var V = '.kw-viewer[data-kw-game="selaffesto"]';
  function follow(s) {
    var b = s.querySelector(".kw-sf-scroll"), m = s.querySelector(".kw-sf-last");
    if (!b || !m || b.scrollWidth <= b.clientWidth) return;
    var k = b.querySelector("svg").getBoundingClientRect().width / 1356;
    b.scrollLeft = (+m.getAttribute("x") + 91) * k - b.clientWidth / 2;
  }
  document.querySelectorAll(V + " .kw-board>.kw-state").forEach(follow);
  if (window.kwSf) return;
  window.kwSf = 1;
  document.addEventListener("kifuwiki:show", function (e) {
    if (!e.target.closest(V)) return;
    /* The copy's card group keeps its step's id in the list (later steps refer to it). */
    var g = e.target.querySelector(".kw-sf-board>g[id]");
    if (g) g.removeAttribute("id");
    follow(e.target);
  });
})();
