/**
 * The event log: one number per event, so that recording history costs a push of a small
 * integer. Bits: 0 seat, 1–7 action id, 8 hand card came from the closed hand (trade), 9 the
 * strike slot was face up (trade), 10 forced abandon (R5), 11–15 the strike card taken (trade).
 */
import type { Seat } from '../../game.ts';
import type { Card } from './cards.ts';

export const FROM_CLOSED = 1 << 8;
export const SLOT_FACE_UP = 1 << 9;
export const FORCED = 1 << 10;
const TOOK_SHIFT = 11;

export const logEntry = (seat: Seat, actionId: number, flags = 0, took: Card = 0): number =>
  seat | (actionId << 1) | flags | (took << TOOK_SHIFT);

export const entrySeat = (entry: number): Seat => entry & 1;
export const entryActionId = (entry: number): number => (entry >>> 1) & 0x7f;
export const entryTook = (entry: number): Card => (entry >>> TOOK_SHIFT) & 0x1f;
