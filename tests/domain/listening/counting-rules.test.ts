/** The pure rules of listening counted by the IAB Podcast Measurement Technical Guidelines v2.3 (decision 0037). */
import { describe, expect, it } from 'vitest';
import { addSpan, coveredBytes, MAX_SPANS, parseRange, requestedSpan, type ByteSpan } from '../../../src/domain/listening/byte-spans.ts';
import { dayBefore, insideWindow, utcDay } from '../../../src/domain/listening/counting-window.ts';
import { addSentBytes, type DownloadProgress } from '../../../src/domain/listening/download-progress.ts';
import { oneMinuteBytes } from '../../../src/domain/listening/one-minute.ts';

describe('byte ranges', () => {
  it('reads the ranges a media server answers, and treats anything else as the whole file', () => {
    expect(parseRange(null)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1')).toEqual({ kind: 'probe' });
    expect(parseRange('bytes=0-')).toEqual({ kind: 'from', start: 0, end: null });
    expect(parseRange('bytes=100-199')).toEqual({ kind: 'from', start: 100, end: 200 });
    expect(parseRange('bytes=-500')).toEqual({ kind: 'suffix', length: 500 });
    expect(parseRange('bytes=0-0')).toEqual({ kind: 'from', start: 0, end: 1 });
    for (const other of ['bytes=0-1,5-9', 'items=0-9', 'bytes=9-3', 'bytes=-', 'nonsense'])
      expect(parseRange(other), other).toEqual({ kind: 'whole' });
  });

  it('turns a requested range into the span asked for, within the file when its size is known', () => {
    expect(requestedSpan({ kind: 'whole' }, 1000)).toEqual({ start: 0, end: 1000 });
    expect(requestedSpan({ kind: 'whole' }, null)).toEqual({ start: 0, end: Number.POSITIVE_INFINITY });
    expect(requestedSpan({ kind: 'from', start: 100, end: 5000 }, 1000)).toEqual({ start: 100, end: 1000 });
    expect(requestedSpan({ kind: 'suffix', length: 300 }, 1000)).toEqual({ start: 700, end: 1000 });
    expect(requestedSpan({ kind: 'suffix', length: 300 }, null)).toBeNull();
    expect(requestedSpan({ kind: 'probe' }, 1000)).toBeNull();
    expect(requestedSpan({ kind: 'from', start: 2000, end: null }, 1000)).toBeNull();
  });

  it('adds spans up, counting bytes sent twice once', () => {
    let spans: ByteSpan[] = [];
    spans = addSpan(spans, { start: 0, end: 100 });
    spans = addSpan(spans, { start: 200, end: 300 });
    spans = addSpan(spans, { start: 50, end: 150 });
    expect(spans).toEqual([
      { start: 0, end: 150 },
      { start: 200, end: 300 },
    ]);
    spans = addSpan(spans, { start: 150, end: 200 });
    expect(spans).toEqual([{ start: 0, end: 300 }]);
    expect(coveredBytes(addSpan(spans, { start: 0, end: 300 }))).toBe(300);
  });

  it('keeps at most MAX_SPANS disjoint spans (memory stays bounded; more slivers add nothing)', () => {
    let spans: ByteSpan[] = [];
    for (let i = 0; i < MAX_SPANS + 10; i++) spans = addSpan(spans, { start: i * 10, end: i * 10 + 5 });
    expect(spans).toHaveLength(MAX_SPANS);
    expect(coveredBytes(spans)).toBe(MAX_SPANS * 5);
  });
});

describe('one minute of audio', () => {
  it("is the header plus a minute at the file's bitrate", () => {
    // 128 kbit/s, 10 minutes, and 40,000 bytes that are not audio (ID3 tags and artwork).
    expect(oneMinuteBytes({ bitrate: 128_000, durationSeconds: 600, sizeBytes: 16_000 * 600 + 40_000 })).toEqual({
      bytes: 40_000 + 960_000,
      basis: 'bitrate',
    });
    expect(oneMinuteBytes({ bitrate: 2000, durationSeconds: null, sizeBytes: 27_818 })).toEqual({ bytes: 15_000, basis: 'bitrate' });
  });

  it('falls back to the average bitrate, then the whole file, then an assumed 128 kbit/s', () => {
    expect(oneMinuteBytes({ bitrate: null, durationSeconds: 120, sizeBytes: 1_200_000 })).toEqual({
      bytes: 600_000,
      basis: 'average-bitrate',
    });
    expect(oneMinuteBytes({ bitrate: null, durationSeconds: null, sizeBytes: 5000 })).toEqual({ bytes: 5000, basis: 'whole-file' });
    expect(oneMinuteBytes({ bitrate: null, durationSeconds: null, sizeBytes: 0 })).toEqual({ bytes: 960_000, basis: 'assumed-bitrate' });
  });

  it('is the whole file for an episode shorter than a minute', () => {
    expect(oneMinuteBytes({ bitrate: 32_000, durationSeconds: 7, sizeBytes: 27_818 })).toEqual({ bytes: 27_818, basis: 'whole-file' });
  });
});

describe('a listener’s progress towards a download', () => {
  const at = (hours: number) => new Date(Date.UTC(2026, 10, 2, 10) + hours * 3600_000);
  const threshold = 1000;

  function run(steps: Array<[ByteSpan | null, number]>) {
    let progress: DownloadProgress | undefined;
    return steps.map(([span, hours]) => {
      const step = addSentBytes(progress, { span, at: at(hours), threshold });
      progress = step.progress;
      return step.outcome;
    });
  }

  it('counts once the spans make the threshold, then nothing inside the 24-hour window', () => {
    expect(
      run([
        [{ start: 0, end: 600 }, 0],
        [{ start: 600, end: 999 }, 0.1],
        [{ start: 999, end: 1000 }, 0.2],
        [{ start: 0, end: 5000 }, 1],
        [{ start: 0, end: 5000 }, 23.9],
      ]),
    ).toEqual(['adding', 'adding', 'counted', 'inside-window', 'inside-window']);
  });

  it('counts again after the window, with a minute of its own', () => {
    expect(
      run([
        [{ start: 0, end: 1000 }, 0],
        [{ start: 0, end: 500 }, 24],
        [{ start: 500, end: 1000 }, 25],
      ]),
    ).toEqual(['counted', 'adding', 'counted']);
  });

  it('starts partial progress again once it is older than a window', () => {
    expect(
      run([
        [{ start: 0, end: 600 }, 0],
        [{ start: 600, end: 1000 }, 30],
        [null, 31],
      ]),
    ).toEqual(['adding', 'adding', 'adding']);
  });
});

describe('the window and the days', () => {
  it('is 24 hours from the counted download, either way', () => {
    const counted = new Date('2026-11-02T22:00:00Z');
    expect(insideWindow(counted, new Date('2026-11-03T21:59:59Z'))).toBe(true);
    expect(insideWindow(counted, new Date('2026-11-03T22:00:00Z'))).toBe(false);
    expect(utcDay(counted)).toBe('2026-11-02');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
});
