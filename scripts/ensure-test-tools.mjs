// The tests need two programs from Debian: Chromium (the end-to-end tests drive it) and poppler-utils'
// pdftotext (the invoice tests read the PDFs' text with it, as a person would); `npm run bench` needs Chromium for
// Lighthouse, and checks before it measures rather than failing at its last step. Install what is missing when we
// can (root with apt); otherwise stop with a clear message.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const needed = [
  { path: chromium, pkg: 'chromium', what: 'Chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils', what: 'pdftotext' },
].filter((tool) => !existsSync(tool.path));

if (needed.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  const packages = needed.map((t) => t.pkg).join(' ');
  if (!isRoot || !hasApt) {
    for (const t of needed) console.error(`${t.what} was not found at ${t.path}.`);
    console.error(
      `Install Debian's packages as root (apt-get install ${packages})${needed.some((t) => t.pkg === 'chromium') ? ' or set CHROMIUM_PATH' : ''}, then run the command again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages} for the tests and the bench…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
  });
}
