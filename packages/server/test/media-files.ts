/** What the media tests read of a server's media folder on disk. */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file under DATA_DIR/media, by path relative to it (the staging area's included), sorted. */
export async function mediaFilesOnDisk(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'media');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}
