// Downloads: the current map as PNG and SVG (with its token labels), and the JSON.

import { colourTable, MASKED_RGB } from './colors.js';
import { displayToken, paintCells } from './heatmap.js';

const LABEL_FONT = 11;

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' }[c]));
}

function layoutFor(spec) {
  const rows = spec.matrix.length;
  const cols = rows ? spec.matrix[0].length : 0;
  const cell = Math.max(4, Math.min(24, Math.floor(900 / Math.max(rows, cols, 1))));
  const longest = (labels) => labels.reduce((m, t) => Math.max(m, displayToken(t).length), 1);
  const left = Math.min(160, 10 + longest(spec.rows) * 7);
  const top = 28;
  const bottom = Math.min(160, 10 + longest(spec.cols) * 7);
  const showLabels = cell >= 9;
  return { rows, cols, cell, left, top, bottom, showLabels, width: left + cols * cell + 10, height: top + rows * cell + bottom };
}

export function heatmapSvg(spec) {
  const L = layoutFor(spec);
  const lut = colourTable(spec.scale);
  const [lo, hi] = spec.range || [0, 1];
  const span = hi - lo || 1;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${L.width}" height="${L.height}" viewBox="0 0 ${L.width} ${L.height}" font-family="sans-serif" font-size="${LABEL_FONT}">`);
  out.push(`<title>${escapeXml(spec.title || 'attention map')}</title>`);
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(`<text x="${L.left}" y="18" font-size="13">${escapeXml(spec.title || '')}</text>`);
  out.push(`<g transform="translate(${L.left},${L.top})" shape-rendering="crispEdges">`);
  for (let i = 0; i < L.rows; i++) {
    const row = spec.matrix[i];
    for (let j = 0; j < L.cols; j++) {
      let rgb;
      if (spec.masked && spec.masked(i, j)) rgb = MASKED_RGB;
      else {
        const k = Math.round(Math.max(0, Math.min(1, (row[j] - lo) / span)) * 255) * 3;
        rgb = [lut[k], lut[k + 1], lut[k + 2]];
      }
      out.push(`<rect x="${j * L.cell}" y="${i * L.cell}" width="${L.cell}" height="${L.cell}" fill="rgb(${rgb[0]},${rgb[1]},${rgb[2]})"><title>${row[j].toFixed(4)}</title></rect>`);
    }
  }
  out.push('</g>');
  if (L.showLabels) {
    out.push(`<g text-anchor="end">`);
    spec.rows.forEach((t, i) => out.push(`<text x="${L.left - 4}" y="${L.top + i * L.cell + L.cell * 0.7}">${escapeXml(displayToken(t))}</text>`));
    out.push('</g>');
    const y0 = L.top + L.rows * L.cell + 4;
    out.push(`<g text-anchor="end">`);
    spec.cols.forEach((t, j) => {
      const x = L.left + j * L.cell + L.cell * 0.7;
      out.push(`<text transform="translate(${x},${y0}) rotate(-90)">${escapeXml(displayToken(t))}</text>`);
    });
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}

export function heatmapPngBlob(spec) {
  const L = layoutFor(spec);
  const canvas = document.createElement('canvas');
  canvas.width = L.width;
  canvas.height = L.height;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, L.width, L.height);
  ctx.fillStyle = '#000000';
  ctx.font = '13px sans-serif';
  ctx.fillText(spec.title || '', L.left, 18);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(paintCells(spec), L.left, L.top, L.cols * L.cell, L.rows * L.cell);
  if (L.showLabels) {
    ctx.font = `${LABEL_FONT}px sans-serif`;
    ctx.textAlign = 'right';
    spec.rows.forEach((t, i) => ctx.fillText(displayToken(t), L.left - 4, L.top + i * L.cell + L.cell * 0.7));
    const y0 = L.top + L.rows * L.cell + 4;
    spec.cols.forEach((t, j) => {
      ctx.save();
      ctx.translate(L.left + j * L.cell + L.cell * 0.7, y0);
      ctx.rotate(-Math.PI / 2);
      ctx.fillText(displayToken(t), 0, 0);
      ctx.restore();
    });
  }
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function saveText(text, filename, type) {
  saveBlob(new Blob([text], { type }), filename);
}
