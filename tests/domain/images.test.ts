import { describe, expect, it } from 'vitest';
import { resizedImage, servedWidth } from '../../src/domain/images.ts';

describe('resizedImage', () => {
  it('serves a local raster image at the covering width, with a 2x candidate', () => {
    expect(resizedImage('/demo/host-stock.jpg', 320)).toEqual({
      src: '/media/320/demo/host-stock.jpg',
      srcSet: '/media/320/demo/host-stock.jpg 1x, /media/640/demo/host-stock.jpg 2x',
    });
    expect(resizedImage('/uploads/ab12.png', 150).src).toBe('/media/160/uploads/ab12.png');
  });
  it('leaves vector and remote images as they are', () => {
    expect(resizedImage('/demo/people/luna-rivers.svg', 160)).toEqual({ src: '/demo/people/luna-rivers.svg' });
    expect(resizedImage('https://cdn.example.com/a.jpg', 160)).toEqual({ src: 'https://cdn.example.com/a.jpg' });
  });
  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//cdn.example.com/a.jpg',
    'https://x.example.com/a.png" onerror="x',
  ])('never gives an <img> the unsafe address %s', (src) => {
    expect(resizedImage(src, 160)).toEqual({ src: '' });
  });
  it('caps at the largest served width', () => {
    expect(servedWidth(5000)).toBe(1280);
    expect(servedWidth(161)).toBe(320);
  });
});
