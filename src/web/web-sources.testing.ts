import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The web layer's own modules (route type files and tests left out), for tests that read every one of them. */
export function webSources(dir: string = import.meta.dirname): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : webSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|testing)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
