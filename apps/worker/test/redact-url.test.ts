/** Redis URLs are printed and logged without their credentials. */
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/redact-url.ts';

describe('redactUrl', () => {
  it('blanks out a password, with or without a user', () => {
    expect(redactUrl('redis://:s3cret@redis.example:6379')).toBe('redis://:***@redis.example:6379');
    expect(redactUrl('rediss://alice:s3cret@redis.example:6380/2')).toBe('rediss://:***@redis.example:6380/2');
    expect(redactUrl('redis://alice@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
  });

  it('hides a password holding the characters a URL should have escaped', () => {
    const printed = redactUrl('redis://:pa/ss@w0rd@host:6379');
    expect(printed).toBe('redis://:***@host:6379');
    expect(printed).not.toContain('w0rd');
  });

  it('blanks out credentials in the query and in text that is not a URL', () => {
    expect(redactUrl('redis://host:6379/0?password=s3cret&db=1')).toBe('redis://host:6379/0?password=***&db=1');
    expect(redactUrl('alice:s3cret@host:6379')).toBe(':***@host:6379');
  });

  it('leaves a URL without credentials as it is', () => {
    expect(redactUrl('redis://127.0.0.1:6380')).toBe('redis://127.0.0.1:6380');
    expect(redactUrl('localhost:6379')).toBe('localhost:6379');
  });
});
