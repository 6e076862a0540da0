// End-to-end tests drive Debian's Chromium. Install it when missing and we can (root with apt);
// otherwise stop with a clear message.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium was not found at ${chromium}. Install Debian's "chromium" package (apt-get install chromium) as root, or set CHROMIUM_PATH, then run the tests again.`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian\'s "chromium" package…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
