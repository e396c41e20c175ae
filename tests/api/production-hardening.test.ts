// Production refuses what would make it guessable: a short or patterned signing secret, and a
// database that still holds the demo academy, whose passwords are published.
import { describe, expect, it } from 'vitest';
import { configFrom, PRODUCTION_REFUSALS } from '../../server/config.js';

const gateway = 'https://sms.example.test/send';
const productionEnv = { NODE_ENV: 'production', SMS_TRANSPORT: gateway, LOG_LEVEL: 'silent' };
const withSecret = (secret: string) => () => configFrom({ ...productionEnv, SIGNING_SECRET: secret });

describe('the signing secret in production', () => {
  it('refuses secrets with fewer than 32 bytes of entropy, with a message saying what is needed', () => {
    const weak = [
      'secret',
      'fault-suite-signing-secret',
      '0123456789abcdef0123456789abcdef', // 16 bytes of hex
      '3f9c1b7e5a2d8f40c6e19b73d5a8024f7e1c9b3a6d05f28e4c7b19a3d6e08f5', // 63 hex digits
      'a'.repeat(64),
      'ab'.repeat(40),
      'abcdefgh'.repeat(8),
      'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo', // 35 characters of base64
      `${'x'.repeat(30)}abcdefghijklm`, // long, but one character is most of it
    ];
    for (const secret of weak) expect(withSecret(secret), secret).toThrow(PRODUCTION_REFUSALS.weakSigningSecret);
    expect(PRODUCTION_REFUSALS.weakSigningSecret).toMatch(/32 random bytes/);
    expect(PRODUCTION_REFUSALS.weakSigningSecret).toMatch(/openssl rand -hex 32/);
  });

  it('accepts 32 random bytes as hex or base64, and long passphrases', () => {
    const strong = [
      '3f9c1b7e5a2d8f40c6e19b73d5a8024f7e1c9b3a6d05f28e4c7b19a3d6e08f52', // openssl rand -hex 32
      'q8Vw3J0yZ1nE5tB7kX2mR9aL4cH6pD0sF8gU1iO3eW4=', // openssl rand -base64 32
      'q8Vw3J0yZ1nE5tB7kX2mR9aL4cH6pD0sF8gU1iO3eW4', // base64url without padding
      'correct horse battery staple under the banyan tree at dawn',
    ];
    for (const secret of strong) expect(withSecret(secret)().signingSecret, secret).toBe(secret);
  });

  it('still leaves development free to use any secret or none', () => {
    expect(configFrom({ NODE_ENV: 'development', SIGNING_SECRET: 'dev' }).signingSecret).toBe('dev');
    expect(configFrom({ NODE_ENV: 'development' }).signingSecret).toHaveLength(64);
  });
});
