/** The file blob store (issue 24): whole files or none, keys that stay in their folder. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileBlobStore } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'xix-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const blobs = fileBlobStore(dir);

describe('fileBlobStore', () => {
  it('gives back what was put, null for a key never put, and the last of two puts', async () => {
    await blobs.put('games/ladder/2026-11-27/08/s1.0.json.gz', Buffer.from('one'));
    expect((await blobs.get('games/ladder/2026-11-27/08/s1.0.json.gz'))?.toString()).toBe('one');
    expect(await blobs.get('games/ladder/2026-11-27/08/s1.1.json.gz')).toBeNull();
    await blobs.put('games/ladder/2026-11-27/08/s1.0.json.gz', Buffer.from('two'));
    expect((await blobs.get('games/ladder/2026-11-27/08/s1.0.json.gz'))?.toString()).toBe('two');
    // the write went through a temp file, renamed over the key's: none is left behind
    expect(readdirSync(join(dir, 'games/ladder/2026-11-27/08'))).toEqual(['s1.0.json.gz']);
  });

  it("never lists or reads a write a crash cut short (a temp file, named as no key can be)", async () => {
    await blobs.put('cut/a', Buffer.from('a'));
    writeFileSync(join(dir, 'cut', '.tmp-0123456789ab'), 'half of a blo');
    expect(await blobs.list('cut')).toEqual(['a']);
    await expect(blobs.get('cut/.tmp-0123456789ab')).rejects.toThrow(/blob key/);
  });

  it('lists a folder sorted, deletes a blob and a folder, and lists a missing folder as empty', async () => {
    for (const key of ['list/b/1', 'list/a/2', 'list/c']) await blobs.put(key, Buffer.from(key));
    expect(await blobs.list('list')).toEqual(['a', 'b', 'c']);
    await blobs.delete('list/c');
    await blobs.delete('list/never');
    await blobs.deleteFolder('list/a');
    expect(await blobs.list('list')).toEqual(['b']);
    expect(await blobs.list('nowhere')).toEqual([]);
  });

  it('refuses a key that could leave its folder or name a temp file', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.hidden', 'a//b', '', 'a/', 'a\\b']) {
      await expect(blobs.put(key, Buffer.from('x')), key).rejects.toThrow(/blob key/);
    }
  });
});
