/**
 * Illustrations drawn by the shop itself (blog, cases, coupons, about page), so the content needs no
 * photo files: a motif on a coloured background. /illustrations/{motif}-{variant}.svg
 */

/** Each motif is drawn in a 200×200 box with the palette's line colour. */
const motifs: Record<string, string> = {
  bible: '<rect x="55" y="35" width="90" height="130" rx="8"/><path d="M100 65v50M82 83h36"/><path d="M65 35v130"/>',
  book: '<path d="M100 60c-20-12-45-14-65-10v105c20-4 45-2 65 10 20-12 45-14 65-10V50c-20-4-45-2-65 10Z"/><path d="M100 60v105"/>',
  dove: '<path d="M40 120c30 0 50-10 60-35 5-15 20-25 35-20l20 5-15 8c5 25-10 50-40 57-25 6-45 0-60-15Z"/><path d="M95 95 70 60c-5 20 0 35 15 45"/><circle cx="140" cy="72" r="3"/>',
  candle:
    '<rect x="80" y="80" width="40" height="85" rx="4"/><path d="M100 80V68"/><path d="M100 30c12 15 12 25 0 35-12-10-12-20 0-35Z"/><path d="M60 165h80"/>',
  hands:
    '<path d="M40 120c20-5 35 5 45 15l15 15 15-15c10-10 25-20 45-15"/><path d="M40 120v35h120v-35"/><path d="M100 110c-25-18-35-30-35-45a17 17 0 0 1 35-5 17 17 0 0 1 35 5c0 15-10 27-35 45Z"/>',
  house:
    '<path d="M40 100 100 45l60 55"/><path d="M55 90v70h90V90"/><rect x="88" y="120" width="24" height="40"/><path d="M100 62v18M91 70h18"/>',
  heart: '<path d="M100 160C55 125 35 100 35 75a32 32 0 0 1 65-10 32 32 0 0 1 65 10c0 25-20 50-65 85Z"/>',
  child:
    '<circle cx="100" cy="62" r="22"/><path d="M65 165v-35c0-20 15-35 35-35s35 15 35 35v35"/><path d="M78 120 60 140M122 120l18 20"/>',
  elder:
    '<circle cx="92" cy="55" r="20"/><path d="M70 165l10-55c3-15 22-15 25 0l10 55"/><path d="M120 100h15v65"/><path d="M70 115l-15 20"/>',
  truck:
    '<rect x="30" y="70" width="90" height="60" rx="4"/><path d="M120 90h30l20 22v18h-50Z"/><circle cx="60" cy="140" r="12"/><circle cx="145" cy="140" r="12"/>',
  gift: '<rect x="45" y="80" width="110" height="80" rx="4"/><rect x="38" y="62" width="124" height="22" rx="3"/><path d="M100 62v98"/><path d="M100 62c-20-25-45-15-30 0M100 62c20-25 45-15 30 0"/>',
  church:
    '<path d="M100 25v30M88 37h24"/><path d="M70 90 100 55l30 35"/><path d="M75 85v80h50V85"/><path d="M40 165V115l35-20M160 165V115l-35-20"/><path d="M92 165v-25h16v25"/>',
  letter: '<rect x="35" y="55" width="130" height="90" rx="6"/><path d="m35 60 65 50 65-50"/>',
  tag: '<path d="M45 45h60l55 55-60 60-55-55Z"/><circle cx="72" cy="72" r="9"/><path d="M95 120l25-25M105 130l25-25"/>',
  wheat:
    '<path d="M100 170V50"/><path d="M100 60c-15-5-20-20-15-30 10 5 15 15 15 30ZM100 60c15-5 20-20 15-30-10 5-15 15-15 30Z"/><path d="M100 95c-15-5-20-20-15-30 10 5 15 15 15 30ZM100 95c15-5 20-20 15-30-10 5-15 15-15 30Z"/><path d="M100 130c-15-5-20-20-15-30 10 5 15 15 15 30ZM100 130c15-5 20-20 15-30-10 5-15 15-15 30Z"/>',
  hospital:
    '<rect x="45" y="55" width="110" height="110" rx="6"/><path d="M100 80v40M80 100h40"/><path d="M85 165v-25h30v25"/>',
  globe:
    '<circle cx="100" cy="100" r="60"/><path d="M40 100h120M100 40c-22 20-22 100 0 120M100 40c22 20 22 100 0 120"/>',
  people:
    '<circle cx="70" cy="70" r="17"/><circle cx="130" cy="70" r="17"/><path d="M40 160v-30c0-18 13-30 30-30s30 12 30 30v30M100 160v-30c0-18 13-30 30-30s30 12 30 30v30"/>',
};

const palettes: [string, string, string][] = [
  ['#6b1d2a', '#8e3445', '#f7e9d7'],
  ['#1e5a3c', '#2f7a55', '#eef6e8'],
  ['#1f2a44', '#34466e', '#f2ead3'],
  ['#9a6b12', '#b8862a', '#fff8e6'],
  ['#3b3561', '#575087', '#f1eefc'],
  ['#264653', '#2a9d8f', '#f4f1de'],
  ['#7a4419', '#a0612e', '#fdf0e1'],
  ['#4c121c', '#6b1d2a', '#fbe6c8'],
];

/** The SVG for `{motif}-{variant}`, or null when the motif is unknown. */
export function illustrationSvg(motif: string, variant: number): string | null {
  const drawing = motifs[motif];
  if (!drawing) return null;
  const [dark, light, ink] = palettes[Math.abs(variant) % palettes.length];
  const angle = (variant * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>
<circle cx="${200 + ((variant * 131) % 800)}" cy="${150 + ((variant * 71) % 500)}" r="260" fill="${ink}" opacity=".07"/>
<circle cx="600" cy="400" r="250" fill="${ink}" opacity=".12"/>
<g transform="translate(400 200) scale(2)" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">${drawing}</g>
</svg>`;
}
