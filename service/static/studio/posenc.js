// The translator's sinusoidal positional encoding (Vaswani et al. 2017), as the model computes it:
// angle = pos / 10000^(2*floor(i/2)/d); sin on even dimensions, cos on odd ones.

export function sinusoidTable(positions, dModel) {
  const rows = [];
  for (let pos = 0; pos < positions; pos++) {
    const row = new Array(dModel);
    for (let i = 0; i < dModel; i++) {
      const angle = pos / Math.pow(10000, (2 * Math.floor(i / 2)) / dModel);
      row[i] = i % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
    }
    rows.push(row);
  }
  return rows;
}
