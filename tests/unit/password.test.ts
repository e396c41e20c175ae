// The new-password rule the set-password form and the server share.
import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordProblem, PASSWORD_MESSAGES } from '../../src/domain/password';
import { MESSAGES } from '../../src/domain/messages';

describe('new password rule', () => {
  it('refuses blank and whitespace-only passwords with their own message', () => {
    expect(newPasswordProblem('')).toBe(PASSWORD_MESSAGES.missing);
    expect(newPasswordProblem(undefined)).toBe(PASSWORD_MESSAGES.missing);
    for (const blank of ['      ', '\t\t\t\t\t\t', ' \n \n \n ', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0']) {
      expect(newPasswordProblem(blank), JSON.stringify(blank)).toBe(MESSAGES.passwordBlank);
    }
  });

  it('refuses the most common passwords whatever their case and surrounding spaces', () => {
    for (const common of ['123456', '12345678', 'password', 'PASSWORD', 'Qwerty123', ' iloveyou ', '111111', 'aaaaaaa', '1q2w3e4r']) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(newPasswordProblem(common), common).toBe(MESSAGES.passwordTooCommon);
    }
  });

  it('accepts ordinary passwords and keeps the length messages', () => {
    for (const fine of ['secret-1', 'my-new-pass', 'student123', 'Nusrat 2026', 'aaaaab']) expect(newPasswordProblem(fine), fine).toBeNull();
    expect(newPasswordProblem('abc12')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
  });
});
