import { describe, expect, it } from 'vitest';
import { ACTION_HINT, ACTION_LABEL, STAGE_NAME, orderStage } from './orders.ts';

describe('the order’s badge follows its steps (issue 27 §6)', () => {
  const at = '2026-11-28T07:00:00.000Z';
  it.each([
    [{ status: 'new', confirmedAt: null, pickedAt: null }, 'Новый'],
    [{ status: 'new', confirmedAt: at, pickedAt: null }, 'Подтверждён'],
    [{ status: 'new', confirmedAt: at, pickedAt: at }, 'Собран'],
    [{ status: 'paid', confirmedAt: null, pickedAt: null }, 'Оплачен'],
    [{ status: 'paid', confirmedAt: at, pickedAt: null }, 'Подтверждён'],
    [{ status: 'awaiting_payment', confirmedAt: null, pickedAt: null }, 'Ждёт оплаты'],
    [{ status: 'ready_for_pickup', confirmedAt: at, pickedAt: at }, 'Готов к выдаче'],
    [{ status: 'handed_to_courier', confirmedAt: at, pickedAt: at }, 'Передан курьеру'],
    [{ status: 'completed', confirmedAt: at, pickedAt: at, refusedAmount: 0 }, 'Выполнен'],
    [{ status: 'completed', confirmedAt: at, pickedAt: at, refusedAmount: 4990 }, 'Выдан с отказом от части'],
    [{ status: 'cancelled', confirmedAt: at, pickedAt: null }, 'Отменён'],
  ] as const)('%j → %s', (order, name) => {
    expect(STAGE_NAME[orderStage(order)]).toBe(name);
  });

  it('tells the full handover from the one with a refusal, each with a line of explanation', () => {
    expect(ACTION_LABEL.complete).toBe('Выдан полностью');
    expect(ACTION_HINT.complete).toMatch(/забрал все товары/);
    expect(ACTION_HINT.handover).toMatch(/отказался от части товаров/);
  });
});
