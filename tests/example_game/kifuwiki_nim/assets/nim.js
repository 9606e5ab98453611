/* Nim on the viewer: per-step positions print the pile as a number; when the viewer shows
   one in the board ("kifuwiki:show"), draw it as stones. Display only. */
(function () {
  "use strict";
  function stones(count, taken) {
    var html = "";
    for (var i = 0; i < count + taken; i++) {
      html += '<span class="nm-stone' + (i >= count ? " nm-taken" : "") + '"></span>';
    }
    return html;
  }
  function draw(root) {
    var counts = root.querySelectorAll(".nm-count[data-pile]");
    for (var i = 0; i < counts.length; i++) {
      var pile = document.createElement("span");
      pile.className = "nm-pile";
      pile.innerHTML = stones(+counts[i].getAttribute("data-pile"), +counts[i].getAttribute("data-taken"));
      counts[i].parentNode.replaceChild(pile, counts[i]);
    }
  }
  var VIEWER = '.kw-viewer[data-kw-game="nim"]';
  var shown = document.querySelectorAll(VIEWER + " .kw-board > .kw-state");
  for (var i = 0; i < shown.length; i++) draw(shown[i]);
  if (window.__kifuwikiNim) return;
  window.__kifuwikiNim = true;
  document.addEventListener("kifuwiki:show", function (ev) {
    if (ev.target.closest && ev.target.closest(VIEWER)) draw(ev.target);
  });
})();
