import { describe, expect, it } from 'vitest';
import { challengeStatusAfter, decisionReply, DECISION_REPLY_MAX } from '../../src/domain/challenges.js';

describe("a key decision's reply", () => {
  it('is required, stored trimmed, and at most DECISION_REPLY_MAX characters (counted as a person reads them)', () => {
    expect(decisionReply('  The key was right.  ')).toBe('The key was right.');
    expect(decisionReply('   ')).toBeNull();
    expect(decisionReply('')).toBeNull();
    expect(decisionReply('ক'.repeat(DECISION_REPLY_MAX))).toBe('ক'.repeat(DECISION_REPLY_MAX));
    expect(decisionReply('😀'.repeat(DECISION_REPLY_MAX))).not.toBeNull();
    expect(decisionReply('a'.repeat(DECISION_REPLY_MAX + 1))).toBeNull();
  });
});

describe("the challenges' status after a decision", () => {
  it('rejects them when the key is kept, accepts them when it changes or the question is dropped', () => {
    expect(challengeStatusAfter('keep')).toBe('rejected');
    expect(challengeStatusAfter('change')).toBe('accepted');
    expect(challengeStatusAfter('drop')).toBe('accepted');
  });
});
