/* selaffesto on the viewer: on a narrow screen the board scrolls sideways inside its box
   (the numbers stay readable); when a position is shown ("kifuwiki:show", or the page's
   first one), scroll so that this step's placement is in view. Display only. */
(function () {
  "use strict";
  var VIEWER = '.kw-viewer[data-kw-game="selaffesto"]';
  var WIDTH = 1356; /* the board's viewBox width; cells start 44 units in */
  function follow(state) {
    var box = state.querySelector(".kw-sf-scroll");
    var mark = state.querySelector(".kw-sf-last");
    if (!box || !mark || box.scrollWidth <= box.clientWidth) return;
    var svg = box.querySelector("svg");
    var scale = svg.getBoundingClientRect().width / WIDTH;
    var centre = (parseFloat(mark.getAttribute("x")) + 44 + 47) * scale;
    box.scrollLeft = Math.max(0, centre - box.clientWidth / 2);
  }
  var shown = document.querySelectorAll(VIEWER + " .kw-board > .kw-state");
  for (var i = 0; i < shown.length; i++) follow(shown[i]);
  if (window.__kifuwikiSelaffesto) return;
  window.__kifuwikiSelaffesto = true;
  document.addEventListener("kifuwiki:show", function (ev) {
    if (ev.target.closest && ev.target.closest(VIEWER)) follow(ev.target);
  });
})();
