// Record ids: 24 hex characters, the shape the app already knows as _id.
import { randomBytes } from 'node:crypto';

export const newId = (): string => randomBytes(12).toString('hex');
