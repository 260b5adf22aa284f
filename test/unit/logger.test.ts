import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger, pathForLog } from '../../platform/logger.server.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('logging', () => {
  it('redacts passwords, codes, tokens, cookies and authorization headers', () => {
    const { lines, logger } = capture();
    logger.info({
      body: { password: 'Secret-Password-1', code: '123456', token: 'tok-abc', confirm_password: 'Secret-Password-1' },
      req: { headers: { cookie: 'sid=abc', authorization: 'Bearer xyz' } },
      password: 'top-level-secret',
    });
    const text = lines.join('');
    for (const secret of ['Secret-Password-1', '123456', 'tok-abc', 'sid=abc', 'Bearer xyz', 'top-level-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('keeps query-string values (tokens, reset ids) out of logged URLs', () => {
    expect(pathForLog('/reset?username=a%40b.c&id=SECRET')).toBe('/reset?username=[redacted]&id=[redacted]');
    expect(pathForLog('/about')).toBe('/about');
  });
});
