import { describe, expect, it } from 'vitest';
import { fitMajority, suggestedSize } from './catalog.fit.rules.ts';

// The rules of «Ваш размер» (issue 35 item 6, decision 066).

describe('fitMajority', () => {
  it('needs more than half of the answers', () => {
    expect(fitMajority(new Map())).toBeNull();
    expect(fitMajority(new Map([['small', 1]]))).toBe('small');
    expect(
      fitMajority(
        new Map([
          ['small', 2],
          ['large', 2],
        ]),
      ),
    ).toBeNull();
    expect(
      fitMajority(
        new Map([
          ['large', 3],
          ['true_to_size', 2],
        ]),
      ),
    ).toBe('large');
  });
});

describe('suggestedSize', () => {
  const sizes = ['S', 'M', 'L'];
  it('keeps, moves up or down one size, and gives up at the ends or for an unknown size', () => {
    expect(suggestedSize(sizes, null, 'small')).toBeNull();
    expect(suggestedSize(sizes, 'M', null)).toBe('M');
    expect(suggestedSize(sizes, 'M', 'true_to_size')).toBe('M');
    expect(suggestedSize(sizes, 'M', 'small')).toBe('L');
    expect(suggestedSize(sizes, 'M', 'large')).toBe('S');
    expect(suggestedSize(sizes, 'L', 'small')).toBeNull();
    expect(suggestedSize(sizes, 'S', 'large')).toBeNull();
    expect(suggestedSize(sizes, 'XXL', null)).toBeNull();
  });
});
