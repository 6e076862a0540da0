/** Book covers drawn by the shop itself, so the demo catalogue needs no image files. */

const palettes: Record<string, [string, string, string][]> = {
  biblie: [
    ['#1f2a44', '#c9a227', '#f5ecd2'],
    ['#4a1c1c', '#d4af37', '#f7eedc'],
    ['#1e3b2f', '#d8c07a', '#f2ead3'],
    ['#2b2b2b', '#c0c0c0', '#eeeeee'],
  ],
  carte: [
    ['#264653', '#e9c46a', '#ffffff'],
    ['#6d2e46', '#f2d0a4', '#ffffff'],
    ['#2a4d69', '#adcbe3', '#ffffff'],
    ['#3d5a3d', '#e8d8a8', '#ffffff'],
    ['#7a4419', '#f4e1c1', '#ffffff'],
    ['#3b3561', '#ead94c', '#ffffff'],
  ],
  copii: [
    ['#ff8c42', '#fff275', '#3a2e39'],
    ['#2ec4b6', '#ffbf69', '#1b1b3a'],
    ['#e76f51', '#f4a261', '#ffffff'],
  ],
  muzica: [
    ['#14213d', '#fca311', '#ffffff'],
    ['#5f0f40', '#fb8b24', '#ffffff'],
  ],
  cadou: [
    ['#f1e3d3', '#99c1b9', '#3d405b'],
    ['#fde2e4', '#bee1e6', '#3d405b'],
    ['#e9edc9', '#ccd5ae', '#344e41'],
  ],
};

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1].replace(/[,.;:]?$/, '')}…`;
  }
  return lines;
}

export interface CoverInput {
  title: string;
  authors: string[];
  productType: string;
}

/** Front cover (variant 1) or back cover (variant 2), 400×600. */
export function coverSvg(input: CoverInput, variant: 1 | 2): string {
  const set = palettes[input.productType] ?? palettes.carte;
  const [bg, accent, ink] = set[hash(input.title) % set.length];
  const mainTitle = input.title.split(/[.–]/)[0].trim();
  const titleLines = wrap(mainTitle, 16, 5);
  const author = input.authors.join(', ');
  const pattern = hash(input.title + author) % 3;
  const ornament =
    pattern === 0
      ? `<circle cx="200" cy="470" r="46" fill="none" stroke="${accent}" stroke-width="3"/><path d="M200 440v60M176 462h48" stroke="${accent}" stroke-width="5"/>`
      : pattern === 1
        ? `<path d="M120 480 Q200 410 280 480" fill="none" stroke="${accent}" stroke-width="4"/><path d="M140 500 Q200 450 260 500" fill="none" stroke="${accent}" stroke-width="3"/>`
        : `<rect x="150" y="430" width="100" height="70" rx="6" fill="none" stroke="${accent}" stroke-width="3"/><path d="M200 430v70" stroke="${accent}" stroke-width="3"/>`;
  if (variant === 2) {
    const blurb = wrap(`${mainTitle}${author ? ` – ${author}` : ''}`, 30, 4);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img"><title>${escapeXml(mainTitle)}</title><rect width="400" height="600" fill="${bg}"/><rect x="24" y="24" width="352" height="552" fill="none" stroke="${accent}" stroke-width="2"/>${blurb
      .map(
        (l, i) =>
          `<text x="200" y="${200 + i * 30}" text-anchor="middle" font-family="Georgia, serif" font-size="20" fill="${ink}">${escapeXml(l)}</text>`,
      )
      .join(
        '',
      )}<text x="200" y="540" text-anchor="middle" font-family="Georgia, serif" font-size="16" fill="${accent}">Librăria Creștină Maranatha</text></svg>`;
  }
  const firstLine = 150 - (titleLines.length - 1) * 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img"><title>${escapeXml(mainTitle)}</title><rect width="400" height="600" fill="${bg}"/><rect x="18" y="18" width="364" height="564" fill="none" stroke="${accent}" stroke-width="3"/><rect x="0" y="0" width="22" height="600" fill="${accent}" opacity="0.35"/>${titleLines
    .map(
      (l, i) =>
        `<text x="200" y="${firstLine + i * 44}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="34" font-weight="bold" fill="${ink}">${escapeXml(l)}</text>`,
    )
    .join(
      '',
    )}${ornament}${author ? `<text x="200" y="370" text-anchor="middle" font-family="Georgia, serif" font-size="22" font-style="italic" fill="${accent}">${escapeXml(author.length > 30 ? `${author.slice(0, 29)}…` : author)}</text>` : ''}</svg>`;
}
