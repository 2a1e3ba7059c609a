/** An audio file's size must agree with its measured duration (decision 0052). */
import { describe, expect, it } from 'vitest';
import { audioSizeProblem, largestPlausibleSize, TAG_ALLOWANCE_BYTES } from '../../../src/domain/podcast/audio-size.ts';

describe('audioSizeProblem', () => {
  it('accepts what the format’s highest bitrate allows, with room for tags and cover art', () => {
    // An hour of 320 kbps MP3 is 144 MB.
    expect(audioSizeProblem({ extension: 'mp3', sizeBytes: 144_000_000, durationSeconds: 3600 })).toBeNull();
    // 7 seconds with a 5 MB cover.
    expect(audioSizeProblem({ extension: 'mp3', sizeBytes: 5_300_000, durationSeconds: 7 })).toBeNull();
    // An M4A may hold lossless ALAC: 10 minutes of CD audio is about 105 MB.
    expect(audioSizeProblem({ extension: 'm4a', sizeBytes: 105_000_000, durationSeconds: 600 })).toBeNull();
  });

  it('refuses 7 seconds of MP3 in 100 MB, saying why', () => {
    expect(audioSizeProblem({ extension: 'mp3', sizeBytes: 100_027_818, durationSeconds: 6.87 })).toBe(
      'The file is 100 MB, but 6.9 seconds of audio takes at most 10.3 MB: the rest is not audio.',
    );
  });

  it('allows only the tag allowance when the length cannot be measured', () => {
    expect(largestPlausibleSize('ogg', null)).toBe(TAG_ALLOWANCE_BYTES);
    expect(audioSizeProblem({ extension: 'ogg', sizeBytes: TAG_ALLOWANCE_BYTES + 1, durationSeconds: null })).toMatch(
      /audio whose length cannot be measured/,
    );
  });
});
