// Record ids: 24 hex characters, the shape the app already knows as _id.
import { randomBytes } from 'node:crypto';

export const newId = (): string => randomBytes(12).toString('hex');
export const isId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);
