// The sides' colours, as the pictures draw them.

export const SWATCH = {
  White: "#fbfbf6", Black: "#1d1d1d", Red: "#c8272d", Green: "#2e9e48",
  Yellow: "#e9b714", Blue: "#2f6fd0",
};

// A coloured dot and the side's name.
export function sideChip(side, text) {
  const chip = document.createElement("span");
  chip.className = "seat";
  chip.dataset.side = side;
  const dot = document.createElement("span");
  dot.className = "swatch";
  dot.style.background = SWATCH[side] || "#999";
  chip.append(dot, text);
  return chip;
}
