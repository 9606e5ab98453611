/* Catan: the board shown in the viewer is a copy of a step's position; step 0's copy
 * would repeat the island's id (the original stays in the move list), so drop it. */
document.addEventListener("kifuwiki:show", function (event) {
  var copy = event.target;
  if (!copy || !copy.querySelectorAll) return;
  var defs = copy.querySelectorAll(".kw-catan-defs");
  for (var i = 0; i < defs.length; i++) defs[i].parentNode.removeChild(defs[i]);
});
