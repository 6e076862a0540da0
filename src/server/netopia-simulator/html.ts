/** Escapes text for HTML element content and attribute values. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The simulator's page frame: a test banner first, one main landmark, the simulator's own stylesheet. */
export function page(opts: { lang: string; title: string; banner: string; body: string }): string {
  return `<!doctype html>
<html lang="${esc(opts.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(opts.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/netopia-sim/sim.css">
</head>
<body>
<header class="banner" role="banner"><p><strong>${esc(opts.banner)}</strong></p></header>
<main id="main">
<h1>${esc(opts.title)}</h1>
${opts.body}
</main>
</body>
</html>`;
}

export const SIM_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7;line-height:1.5}
.banner{background:#8a1c00;color:#fff;padding:.75rem 1rem;text-align:center}
.banner p{margin:0}
main{max-width:36rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #c9ccd1;border-radius:.5rem}
h1{font-size:1.4rem;margin-top:0}
h2{font-size:1.1rem;margin-top:1.5rem}
.facts p{margin:.2rem 0}
form{margin-top:1rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;padding:.55rem .6rem;font-size:1rem;border:1px solid #6b7280;border-radius:.3rem;background:#fff;color:#1a1a1a}
input[aria-invalid=true]{border-color:#b00020}
.error{color:#b00020;margin:.25rem 0 0}
.summary{border:2px solid #b00020;padding:.5rem .75rem;border-radius:.3rem;color:#b00020}
button{font-size:1rem;font-weight:600;padding:.6rem 1.4rem;border-radius:.3rem;border:2px solid #0b4f8a;background:#0b4f8a;color:#fff;cursor:pointer;margin-right:.5rem}
button.secondary{background:#fff;color:#0b4f8a}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
table{border-collapse:collapse;width:100%;margin-top:.5rem}
th,td{border:1px solid #c9ccd1;padding:.35rem .5rem;text-align:left;font-size:.95rem}
code{font-size:1rem}
a{color:#0b4f8a}
`;
