// Shared by the Postgres cases: one wire connection per client with the lab's statements
// prepared, and a Bind message whose last parameter (a fence) is written per call in place.
import type { PostgresServer } from '../../servers';
import { PgConnection, SYNC, encodeExecute, parsePgUrl } from '../pgWireClient';
import { writeDigits } from '../respClient';

export async function openPgConnections(
  server: PostgresServer | undefined,
  count: number,
  statements: Record<string, string>,
  onFatal: (error: Error) => void,
): Promise<PgConnection[]> {
  if (!server) throw new Error('This case needs a Postgres server');
  const config = parsePgUrl(server.url);
  const connections: PgConnection[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const connection = await PgConnection.connect(config, onFatal);
      connections.push(connection);
      await connection.prepare(statements);
    }
  } catch (error) {
    for (const connection of connections) connection.close();
    throw error;
  }
  return connections;
}

/**
 * Bind/Execute/Sync for `statement` with fixed leading text parameters and a last integer
 * parameter that changes per call (the fence), built in one buffer made once.
 */
export class ExecuteWithLastInt {
  private readonly buffer: Buffer;
  private readonly prefixLength: number;
  private readonly tail: Buffer;

  constructor(statement: string, fixed: readonly string[]) {
    // Encode with a one-digit placeholder and keep what precedes its length field.
    const sample = encodeExecute(statement, [...fixed, 0]);
    const bindLength = sample.readInt32BE(1) + 1;
    // The Bind message ends with: int32 length, '0', int16 result formats.
    this.prefixLength = bindLength - 2 - 1 - 4;
    this.tail = Buffer.concat([
      sample.subarray(bindLength - 2, bindLength),
      sample.subarray(bindLength),
    ]);
    this.buffer = Buffer.alloc(this.prefixLength + 4 + 20 + this.tail.length);
    sample.copy(this.buffer, 0, 0, this.prefixLength);
  }

  forValue(value: number): Buffer {
    const b = this.buffer;
    const digitsAt = this.prefixLength + 4;
    const end = writeDigits(b, digitsAt, value);
    b.writeInt32BE(end - digitsAt, this.prefixLength);
    this.tail.copy(b, end);
    // Bind's own length: from its length field to the end of its result-format count.
    b.writeInt32BE(end + 2 - 1, 1);
    return b.subarray(0, end + this.tail.length);
  }
}

export { SYNC };
