// Colour scales of the Attention Studio: perceptually uniform, colour-blind-safe sequential maps
// (viridis and cividis, as in matplotlib) and a categorical palette for heads (Okabe & Ito 2008).

const SCALE_STOPS = {
  viridis: ['#440154', '#48186a', '#472d7b', '#424086', '#3b528b', '#33638d', '#2c728e', '#26828e',
    '#21918c', '#1fa088', '#28ae80', '#3fbc73', '#5ec962', '#84d44b', '#addc30', '#d8e219', '#fde725'],
  cividis: ['#00224e', '#0a2a63', '#1a356e', '#2f416c', '#3f4c6b', '#4f576c', '#5d626f', '#6b6d72',
    '#797976', '#868678', '#949277', '#a39f74', '#b2ac6f', '#c2b969', '#d2c660', '#e3d453', '#f4e13f'],
};

// Cells a causal mask hides (a decoder cannot look at tokens it has not written yet).
export const MASKED_RGB = [226, 226, 226];

export const HEAD_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#8C6D00', '#000000'];

export function headColour(head) {
  return HEAD_COLOURS[head % HEAD_COLOURS.length];
}

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const lutCache = new Map();

// A 256-entry lookup table [r, g, b, r, g, b, ...] of the named scale.
export function colourTable(name) {
  const key = SCALE_STOPS[name] ? name : 'viridis';
  if (lutCache.has(key)) return lutCache.get(key);
  const stops = SCALE_STOPS[key].map(hexToRgb);
  const lut = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    const x = (i / 255) * (stops.length - 1);
    const k = Math.min(Math.floor(x), stops.length - 2);
    const f = x - k;
    for (let c = 0; c < 3; c++) lut[i * 3 + c] = Math.round(stops[k][c] * (1 - f) + stops[k + 1][c] * f);
  }
  lutCache.set(key, lut);
  return lut;
}

export function scaleNames() {
  return Object.keys(SCALE_STOPS);
}

// CSS colour of value t in [0, 1] on the named scale.
export function scaleColour(name, t) {
  const lut = colourTable(name);
  const i = Math.max(0, Math.min(255, Math.round(t * 255))) * 3;
  return `rgb(${lut[i]}, ${lut[i + 1]}, ${lut[i + 2]})`;
}
