import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file under a folder, as full paths in name order, looking only into the folders `enter`
 * accepts (by name) and keeping only the files `keep` accepts (by name).
 */
export function filesUnder(
  dir: string,
  {
    keep = () => true,
    enter = () => true,
  }: { keep?: (name: string) => boolean; enter?: (name: string) => boolean } = {},
): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return enter(entry.name) ? filesUnder(full, { keep, enter }) : [];
      return keep(entry.name) ? [full] : [];
    });
}
