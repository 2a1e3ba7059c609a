import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildFolderFor,
  currentBuild,
  finishBuild,
  makeCurrent,
  newBuildingFolder,
  pruneBuilds,
} from '../../../src/server/builds/build-folders.ts';
import { sourceFingerprint } from '../../../src/server/builds/source-fingerprint.ts';

/** Build folders on a real file system, with real processes standing for servers (decision 0040). */
const roots: string[] = [];

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-builds-'));
  roots.push(root);
  return root;
}

/** What `astro build` leaves in its out folder, as far as a server start cares. */
function fakeBuild(root: string, id: string): string {
  const building = newBuildingFolder(root);
  fs.mkdirSync(path.join(building, 'server'), { recursive: true });
  fs.writeFileSync(path.join(building, 'server', 'entry.mjs'), `export const id = '${id}';`);
  return finishBuild(building, buildFolderFor(root, id));
}

function runningFrom(folder: string, pid: number): void {
  fs.mkdirSync(path.join(folder, 'running'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'running', String(pid)), '');
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('build folders', () => {
  it('switches dist from one build to the next and keeps the old one while a process runs from it', async () => {
    const root = project();
    expect(currentBuild(root)).toBeNull();
    const first = fakeBuild(root, 'aaa');
    makeCurrent(root, first);
    expect(currentBuild(root)).toBe(fs.realpathSync(first));
    expect(fs.readlinkSync(path.join(root, 'dist'))).toBe('dist-aaa');

    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      runningFrom(first, sleeper.pid!);
      const second = fakeBuild(root, 'bbb');
      makeCurrent(root, second);
      expect(currentBuild(root)).toBe(fs.realpathSync(second));
      expect(pruneBuilds(root)).toEqual([]);
      expect(fs.existsSync(first)).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    // The process is gone (killed: its file is left behind); the folder goes, the current one stays.
    expect(pruneBuilds(root)).toEqual([first]);
    expect(fs.existsSync(first)).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist-bbb'))).toBe(true);
  });

  it('moves a dist/ folder from before build folders aside, and keeps a build in progress', () => {
    const root = project();
    fs.mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'server', 'entry.mjs'), '');
    expect(currentBuild(root)).toBe(fs.realpathSync(path.join(root, 'dist')));
    const inProgress = newBuildingFolder(root);
    fs.mkdirSync(inProgress);
    makeCurrent(root, fakeBuild(root, 'ccc'));
    expect(fs.lstatSync(path.join(root, 'dist')).isSymbolicLink()).toBe(true);
    const removed = pruneBuilds(root);
    expect(removed.map((folder) => path.basename(folder))).toEqual([expect.stringMatching(/^dist-legacy-\d+$/)]);
    // This process is the builder of the one in progress: it is not touched.
    expect(fs.existsSync(inProgress)).toBe(true);
  });

  it('a second build of the same sources keeps the first', () => {
    const root = project();
    const first = fakeBuild(root, 'ddd');
    expect(fakeBuild(root, 'ddd')).toBe(first);
    expect(fs.readdirSync(root)).toEqual(['dist-ddd']);
  });

  it('fingerprints the build inputs: a changed source is a new build, a data file is not', () => {
    const root = project();
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src', 'page.ts'), 'one');
    const before = sourceFingerprint(root);
    fs.mkdirSync(path.join(root, 'data'));
    fs.writeFileSync(path.join(root, 'data', 'x'), 'y');
    expect(sourceFingerprint(root)).toBe(before);
    fs.writeFileSync(path.join(root, 'src', 'page.ts'), 'two');
    expect(sourceFingerprint(root)).not.toBe(before);
  });
});
