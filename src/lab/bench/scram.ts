// SCRAM-SHA-256 (RFC 5802, RFC 7677) as Postgres speaks it: the password authentication a server
// asks for by default since Postgres 14. The benchmark's own client needs it to run against a
// server of the author's own (DATABASE_URL); the lab's throwaway servers use trust.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { saslPrep } from './saslPrep';

export const SCRAM_MECHANISM = 'SCRAM-SHA-256';

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** Thrown when the server's side of the exchange is malformed or fails to prove itself. */
export class ScramError extends Error {
  override name = 'ScramError';
}

/**
 * One client side of the exchange. Postgres takes the user from the startup message, so the
 * client's first message names none (`n=*`), and no channel binding is offered (`n,,`).
 */
export class ScramClient {
  private readonly clientFirstBare: string;
  private serverSignature: Buffer | null = null;

  constructor(
    private readonly password: string,
    /** The client's nonce: random unless a test fixes it. */
    private readonly clientNonce = randomBytes(18).toString('base64'),
    /** Postgres ignores this name (it has the startup message's); RFC test vectors use one. */
    user = '*',
  ) {
    this.clientFirstBare = `n=${user},r=${clientNonce}`;
  }

  /** The SASLInitialResponse payload. */
  firstMessage(): string {
    return `n,,${this.clientFirstBare}`;
  }

  /** Answers the server's first message (`r=…,s=…,i=…`) with the proof of the password. */
  finalMessage(serverFirst: string): string {
    const fields = parseFields(serverFirst);
    const nonce = fields.get('r');
    const salt = fields.get('s');
    const iterations = Number(fields.get('i'));
    if (nonce === undefined || salt === undefined || !Number.isInteger(iterations)) {
      throw new ScramError(`the server's first SCRAM message is malformed: "${serverFirst}"`);
    }
    if (!nonce.startsWith(this.clientNonce) || nonce.length === this.clientNonce.length) {
      throw new ScramError("the server's SCRAM nonce does not extend the client's");
    }
    if (iterations < 1) throw new ScramError(`SCRAM iteration count ${iterations} is not positive`);
    // The server stored its verifier from the SASLprepped password, so the proof starts there too.
    const salted = pbkdf2Sync(
      saslPrep(this.password),
      Buffer.from(salt, 'base64'),
      iterations,
      32,
      'sha256',
    );
    const clientKey = hmac(salted, 'Client Key');
    const withoutProof = `c=biws,r=${nonce}`;
    const authMessage = `${this.clientFirstBare},${serverFirst},${withoutProof}`;
    const signature = hmac(sha256(clientKey), authMessage);
    const proof = Buffer.alloc(clientKey.length);
    for (let i = 0; i < proof.length; i++) proof[i] = clientKey[i]! ^ signature[i]!;
    this.serverSignature = hmac(hmac(salted, 'Server Key'), authMessage);
    return `${withoutProof},p=${proof.toString('base64')}`;
  }

  /** Checks the server's last message (`v=…`): the server must know the password too. */
  verifyServer(serverFinal: string): void {
    const verifier = parseFields(serverFinal).get('v');
    if (this.serverSignature === null || verifier === undefined) {
      throw new ScramError(`unexpected SCRAM final message: "${serverFinal}"`);
    }
    const received = Buffer.from(verifier, 'base64');
    if (
      received.length !== this.serverSignature.length ||
      !timingSafeEqual(received, this.serverSignature)
    ) {
      throw new ScramError('the server failed to prove it knows the password');
    }
  }
}

/** `a=1,b=2` to a map; values may hold `=` (base64), so only the first one splits. */
function parseFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return fields;
}
