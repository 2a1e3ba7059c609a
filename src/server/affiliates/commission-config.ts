/**
 * The commission hold (COMMISSION_HOLD_DAYS, src/server/env.ts): how long a sale's commission
 * stays pending before it is approved. Until configured, the documented default.
 */
import { DEFAULT_HOLD_DAYS } from '../../domain/affiliates/commission.ts';

let holdDays = DEFAULT_HOLD_DAYS;

export function configureCommissions(settings: { holdDays: number }): void {
  holdDays = settings.holdDays;
}

export const commissionHoldDays = (): number => holdDays;
