import { describe, expect, it } from 'vitest';
import { progressFromTopToBottom, progressThroughScreen } from './scroll-progress';

describe('scroll progress', () => {
  it('runs from the box top at 50 px to its bottom at 150 px below the viewport top (the gallery boxes)', () => {
    const box = (top: number) => ({ top, height: 300, viewportHeight: 900 });
    expect(progressFromTopToBottom(box(400), 50, 150)).toBe(0);
    expect(progressFromTopToBottom(box(50), 50, 150)).toBe(0);
    expect(progressFromTopToBottom(box(-50), 50, 150)).toBe(0.5);
    expect(progressFromTopToBottom(box(150 - 300), 50, 150)).toBe(1);
    expect(progressFromTopToBottom(box(-800), 50, 150)).toBe(1);
  });

  it('steps over at once for a box shorter than the range', () => {
    expect(progressFromTopToBottom({ top: 60, height: 80, viewportHeight: 900 }, 50, 150)).toBe(0);
    expect(progressFromTopToBottom({ top: 40, height: 80, viewportHeight: 900 }, 50, 150)).toBe(1);
  });

  it('runs from entering at the bottom of the screen to leaving at its top (the banners)', () => {
    const box = (top: number) => ({ top, height: 300, viewportHeight: 900 });
    expect(progressThroughScreen(box(1000))).toBe(0);
    expect(progressThroughScreen(box(900))).toBe(0);
    expect(progressThroughScreen(box(300))).toBe(0.5);
    expect(progressThroughScreen(box(-300))).toBe(1);
  });
});
