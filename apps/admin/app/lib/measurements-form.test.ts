import { describe, expect, it } from 'vitest';
import { ProductMeasurementsInput } from '@kiim/contract';
import { measurementsBody } from './measurements-form.ts';

// The measurements table's fields → the contract's input (issue 35 item 6, decision 066).

describe('measurementsBody', () => {
  it('reads cm with a comma, empty cells as null, and keeps text for the contract to refuse', () => {
    const body = measurementsBody({
      'items.0.size': 'M',
      'items.0.chest': '96,5',
      'items.0.waist': '',
      'items.0.hips': '100',
      'items.1.size': 'L',
      'items.1.length': 'семьдесят',
    });
    expect(body.items[0]).toEqual({
      size: 'M',
      chest: 96.5,
      waist: null,
      hips: 100,
      length: null,
      inseam: null,
    });
    const parsed = ProductMeasurementsInput.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['items.1.length']);
  });
});
