// The benchmark's clients write some command bytes in place to avoid allocating per call; these
// tests hold the in-place versions to the plain encoders, byte for byte.
import { describe, expect, it } from 'vitest';
import { ReleaseCommand } from './cases/redisSupport';
import { ExecuteWithLastInt } from './cases/pgSupport';
import { encodeExecute } from './pgWireClient';
import { encodeCommand, parseIntAt, writeDigits } from './respClient';

describe('RESP encoding', () => {
  it('encodes a command as an array of bulk strings', () => {
    expect(encodeCommand(['SET', 'k', 10]).toString()).toBe(
      '*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\n10\r\n',
    );
  });

  it('writes a release for any token exactly as encodeCommand would', () => {
    const release = new ReleaseCommand('a'.repeat(40), 'lock:{report}');
    for (const token of [0, 7, 10, 99, 12_345, 2 ** 40]) {
      expect(release.forToken(token).toString()).toBe(
        encodeCommand(['EVALSHA', 'a'.repeat(40), 1, 'lock:{report}', token]).toString(),
      );
    }
  });

  it('writes and reads decimal digits', () => {
    const buffer = Buffer.alloc(32);
    const end = writeDigits(buffer, 3, 9_007_199);
    expect(buffer.toString('latin1', 3, end)).toBe('9007199');
    expect(parseIntAt(Buffer.from(':-42\r\n'), 1, 4)).toBe(-42);
  });
});

describe('Postgres extended-protocol encoding', () => {
  it('writes Bind/Execute/Sync with a changing last parameter exactly as encodeExecute would', () => {
    const giveBack = new ExecuteWithLastInt('giveBack', ['200001']);
    for (const fence of [1, 9, 10, 123_456, 2 ** 45]) {
      expect(
        Buffer.compare(giveBack.forValue(fence), encodeExecute('giveBack', ['200001', fence])),
      ).toBe(0);
    }
  });
});
